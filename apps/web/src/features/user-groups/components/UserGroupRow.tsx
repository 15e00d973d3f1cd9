import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { UserGroupView } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface UserGroupRowProps {
  group: UserGroupView;
  /** Role user and above may rename and delete (spec §6). */
  editable: boolean;
  numbers: Intl.NumberFormat;
  onRename: () => void;
  onDelete: () => void;
}

/** A group of the site with how many members and prices use it. */
export function UserGroupRow({ group, editable, numbers, onRename, onDelete }: UserGroupRowProps) {
  const { t } = useTranslation();
  const rename = t('userGroups.renameGroup', { name: group.name });
  const remove = t('userGroups.deleteGroup', { name: group.name });
  return (
    <ListItem
      divider
      secondaryAction={
        editable && (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title={rename}>
              <IconButton aria-label={rename} onClick={onRename}>
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={remove}>
              <IconButton aria-label={remove} edge="end" onClick={onDelete}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        )
      }
    >
      <ListItemText
        primary={group.name}
        secondary={t('userGroups.counts', {
          members: numbers.format(group.members),
          prices: numbers.format(group.prices),
        })}
      />
    </ListItem>
  );
}
