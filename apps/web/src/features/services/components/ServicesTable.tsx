import type { ServiceView } from '@fairway/domain';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { ServiceRow } from './ServiceRow';

interface ServicesTableProps {
  /** null while loading: skeleton rows in the table's own shape. */
  services: readonly ServiceView[] | null;
  editable: boolean;
  onEdit: (service: ServiceView) => void;
  onDelete: (service: ServiceView) => void;
}

const SKELETON_ROWS = [0, 1, 2];

export function ServicesTable({ services, editable, onEdit, onDelete }: ServicesTableProps) {
  const { t } = useTranslation();
  const columns = editable ? 5 : 4;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('services.table.label')} aria-busy={services === null}>
        <TableHead>
          <TableRow>
            <TableCell>{t('services.table.name')}</TableCell>
            <TableCell>{t('services.table.duration')}</TableCell>
            <TableCell align="right">{t('services.table.prices')}</TableCell>
            <TableCell>{t('services.table.priceRange')}</TableCell>
            {editable && (
              <TableCell align="right">
                <span style={{ whiteSpace: 'nowrap' }}>{t('services.table.actions')}</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {services === null
            ? SKELETON_ROWS.map((row) => (
                <TableRow key={row} data-testid="service-skeleton-row">
                  {Array.from({ length: columns }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton width={cell === 0 ? '70%' : '50%'} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : services.map((service) => (
                <ServiceRow
                  key={service._id}
                  service={service}
                  editable={editable}
                  onEdit={() => onEdit(service)}
                  onDelete={() => onDelete(service)}
                />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
