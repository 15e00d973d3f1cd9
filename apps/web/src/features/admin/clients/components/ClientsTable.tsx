import type { ClientView } from '@fairway/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import WebhookIcon from '@mui/icons-material/Webhook';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/date-format';
import { MomentText } from '../../components/MomentText';
import { SitesCell } from '../../components/SitesCell';
import { useSiteNames } from '../../components/api/get-admin-sites';

export interface ClientActions {
  onEdit: (client: ClientView) => void;
  onRegenerate: (client: ClientView) => void;
  onDelete: (client: ClientView) => void;
  onWebhooks: (client: ClientView) => void;
}

function Actions({
  client,
  onEdit,
  onRegenerate,
  onDelete,
  onWebhooks,
}: { client: ClientView } & ClientActions) {
  const { t } = useTranslation();
  const button = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <IconButton aria-label={`${label}: ${client.name}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <>
      {button(
        t('adminClients.actions.edit'),
        <EditIcon />,
        () => onEdit(client),
        `client-edit-${client._id}`,
      )}
      {button(
        t('adminWebhooks.open'),
        <WebhookIcon />,
        () => onWebhooks(client),
        `client-webhooks-${client._id}`,
      )}
      {button(
        t('adminClients.actions.regenerate'),
        <KeyIcon />,
        () => onRegenerate(client),
        `client-regenerate-${client._id}`,
      )}
      {button(
        t('adminClients.actions.delete'),
        <DeleteIcon />,
        () => onDelete(client),
        `client-delete-${client._id}`,
      )}
    </>
  );
}

function Sites({ client }: { client: ClientView }) {
  const { t } = useTranslation();
  const names = useSiteNames();
  if (client.sites.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminClients.noSites')}
      </Typography>
    );
  return <SitesCell role="client" sites={client.sites} names={names} />;
}

function KeyPreview({ client }: { client: ClientView }) {
  return (
    <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {client.keyPreview}…
    </Typography>
  );
}

/**
 * The clients (spec §2 Clients): name, the key's first characters, the sites it reaches, how often it was
 * used and when last, when it was made. Cards on a phone.
 */
export function ClientsTable({ clients, ...actions }: { clients: readonly ClientView[] } & ClientActions) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const never = t('adminClients.never');

  if (phone)
    return (
      <Stack
        spacing={1.5}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('adminClients.tableLabel')}
      >
        {clients.map((client) => (
          <Card component="li" key={client._id} variant="outlined" data-testid={`client-row-${client._id}`}>
            <CardContent sx={{ pb: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{client.name}</Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  m: 0,
                  mt: 1,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, minWidth: 0 },
                }}
              >
                <Typography component="dt" variant="body2">
                  {t('adminClients.columns.key')}
                </Typography>
                <Box component="dd">
                  <KeyPreview client={client} />
                </Box>
                <Typography component="dt" variant="body2">
                  {t('adminClients.columns.sites')}
                </Typography>
                <Box component="dd">
                  <Sites client={client} />
                </Box>
                <Typography component="dt" variant="body2">
                  {t('adminClients.columns.usage')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {count(client.usage.count)}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminClients.columns.lastUsed')}
                </Typography>
                <Box component="dd">
                  <MomentText at={client.usage.date} never={never} />
                </Box>
                <Typography component="dt" variant="body2">
                  {t('adminClients.columns.created')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {formatDate(client.createdAt, i18n.language)}
                </Typography>
              </Box>
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end' }}>
              <Actions client={client} {...actions} />
            </CardActions>
          </Card>
        ))}
      </Stack>
    );

  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminClients.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminClients.columns.name')}</TableCell>
            <TableCell>{t('adminClients.columns.key')}</TableCell>
            <TableCell>{t('adminClients.columns.sites')}</TableCell>
            <TableCell align="right">{t('adminClients.columns.usage')}</TableCell>
            <TableCell>{t('adminClients.columns.lastUsed')}</TableCell>
            <TableCell>{t('adminClients.columns.created')}</TableCell>
            <TableCell align="right">{t('adminClients.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {clients.map((client) => (
            <TableRow key={client._id} data-testid={`client-row-${client._id}`}>
              <TableCell sx={{ fontWeight: 500 }}>{client.name}</TableCell>
              <TableCell>
                <KeyPreview client={client} />
              </TableCell>
              <TableCell>
                <Sites client={client} />
              </TableCell>
              <TableCell align="right" data-testid="client-usage">
                {count(client.usage.count)}
              </TableCell>
              <TableCell>
                <MomentText at={client.usage.date} never={never} testId="client-last-used" />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(client.createdAt, i18n.language)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions client={client} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
