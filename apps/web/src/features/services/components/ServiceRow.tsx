import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ServiceView } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatHoursMinutes } from '../lib/duration';
import { priceRangeText } from '../../../lib/money';

interface ServiceRowProps {
  service: ServiceView;
  /** Role user and above edit and delete (spec §6). */
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A service: name, duration as h:mm, how many prices and from the cheapest to the dearest. */
export function ServiceRow({ service, editable, onEdit, onDelete }: ServiceRowProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const range = priceRangeText(
    service.prices.map((price) => price.amount),
    service.currency,
    locale,
  );
  const edit = t('services.edit', { name: service.name });
  const remove = t('services.delete', { name: service.name });
  return (
    <TableRow hover>
      <TableCell component="th" scope="row">
        {service.name}
      </TableCell>
      <TableCell>{formatHoursMinutes(service.duration)}</TableCell>
      <TableCell align="right">{new Intl.NumberFormat(locale).format(service.prices.length)}</TableCell>
      <TableCell sx={{ color: range ? undefined : 'text.secondary' }}>
        {range ?? t('services.table.noPrices')}
      </TableCell>
      {editable && (
        <TableCell align="right" padding="checkbox" sx={{ pr: 1 }}>
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            <Tooltip title={edit}>
              <IconButton aria-label={edit} onClick={onEdit}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={remove}>
              <IconButton aria-label={remove} onClick={onDelete}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}
