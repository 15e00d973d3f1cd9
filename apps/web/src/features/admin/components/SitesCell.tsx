import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: users with more than 2 sites are summarised as a count. */
export const SITES_SHOWN = 2;

interface SitesCellProps {
  role: string;
  sites: readonly string[];
  /** names by id; undefined while the sites load */
  names: ReadonlyMap<string, string> | undefined;
}

/**
 * The sites of a user or an invite: a superadmin has All Sites; up to two are named, more are one chip with
 * their count that opens the list. A site deleted since keeps a place as "Unknown site".
 */
export function SitesCell({ role, sites, names }: SitesCellProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  if (role === 'superadmin')
    return <Chip size="small" variant="outlined" label={t('adminUsers.sites.all')} />;
  if (sites.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminUsers.sites.none')}
      </Typography>
    );
  }
  const nameOf = (id: string) => (names ? (names.get(id) ?? t('adminUsers.sites.unknown')) : '…');
  if (sites.length <= SITES_SHOWN) {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {sites.map((id) => (
          <Chip key={id} size="small" variant="outlined" label={nameOf(id)} />
        ))}
      </Stack>
    );
  }
  const sorted = sites.map(nameOf).sort((a, b) => a.localeCompare(b));
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        clickable
        label={t('adminUsers.sites.count', { count: sites.length })}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? listId : undefined}
        data-testid="sites-count"
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { id: listId, role: 'dialog', 'aria-label': t('adminUsers.sites.listLabel') } }}
      >
        <List dense sx={{ maxHeight: 320, overflow: 'auto', minWidth: 200 }} data-testid="sites-list">
          {sorted.map((name, index) => (
            <ListItem key={`${name}-${index}`}>
              <ListItemText primary={name} />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
