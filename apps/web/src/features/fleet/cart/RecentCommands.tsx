import HistoryIcon from '@mui/icons-material/History';
import type { CommandState, CommandView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceStrict } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { dateLocaleFor } from '../../../lib/date-locale';
import { deviceCommandsQueryOptions, useDeviceCommands, commandLabel } from '../../commands';
import { useSocketEvent } from '../../realtime';

const SHOWN_COMMANDS = 10;

const STATE_COLOURS: Record<CommandState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sent: 'info',
  acknowledged: 'success',
  failed: 'error',
  expired: 'warning',
};

/** Puts a pushed command into the list: replaces it by id, or adds it on top (the list is newest first). */
const upsert = (commands: CommandView[] | undefined, command: CommandView): CommandView[] | undefined =>
  commands && [command, ...commands.filter((known) => known._id !== command._id)];

interface RecentCommandsProps {
  siteId: string;
  deviceId: string;
  now: number;
}

/** The cart's latest commands and how each ended, kept live by the socket's 'command:update'. */
export function RecentCommands({ siteId, deviceId, now }: RecentCommandsProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const commands = useDeviceCommands(siteId, deviceId);
  const locale = dateLocaleFor(i18n.resolvedLanguage ?? 'en');

  useSocketEvent('command:update', (command) => {
    if (command.deviceId !== deviceId) return;
    queryClient.setQueryData(deviceCommandsQueryOptions(siteId, deviceId).queryKey, (known) =>
      upsert(known, command),
    );
  });

  if (commands.isPending) {
    return (
      <Typography component="div" aria-label={t('common.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={40} />
        ))}
      </Typography>
    );
  }
  if (commands.isError) {
    return (
      <ErrorState
        error={commands.error}
        onRetry={() => void commands.refetch()}
        title={t('fleet.commandsList.loadFailed')}
      />
    );
  }
  if (commands.data.length === 0) {
    return (
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <HistoryIcon fontSize="small" aria-hidden />
        {t('fleet.commandsList.none')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding>
      {commands.data.slice(0, SHOWN_COMMANDS).map((command) => (
        <ListItem
          key={command._id}
          disableGutters
          secondaryAction={
            <Chip
              size="small"
              color={STATE_COLOURS[command.state]}
              label={t(`commands.states.${command.state}`)}
            />
          }
        >
          <ListItemText
            primary={commandLabel(t, command)}
            secondary={t('fleet.commandsList.issued', {
              time: formatDistanceStrict(Math.min(Date.parse(command.issuedAt), now), now, {
                addSuffix: true,
                locale,
              }),
              source: t(`commands.sources.${command.source}`),
            })}
          />
        </ListItem>
      ))}
    </List>
  );
}
