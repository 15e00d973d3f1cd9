import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { hasRole, type MemberView, type Role } from '@fairway/domain';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { linkRequest, unlinkRequest } from '../lib/member-links';
import { useMemberBulkActions } from '../use-member-bulk-actions';
import { BulkUserGroupDialog } from './BulkUserGroupDialog';

type Step = 'confirmDelete' | 'userGroup' | 'confirmUnlink';

interface MembersActionsMenuProps {
  siteId: string;
  selected: readonly MemberView[];
  role: Role | null;
  /** The deleted members leave the selection. */
  onDeleted: () => void;
}

/**
 * Bulk actions for the ticked members (spec §2, §6): delete, edit user group, and for admins link to and
 * unlink from app profiles. Link reaches only members without a profile, unlink only members with one;
 * each item says how many it reaches and is disabled when that is none.
 */
export function MembersActionsMenu({ siteId, selected, role, onDeleted }: MembersActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const actions = useMemberBulkActions(siteId, onDeleted);
  const isAdmin = hasRole(role, 'admin');
  const linkable = Object.keys(linkRequest(selected)).length;
  const unlinkable = Object.keys(unlinkRequest(selected)).length;

  const item = (testId: string, icon: ReactNode, label: string, onClick: () => void, disabled = false) => (
    <MenuItem
      data-testid={testId}
      disabled={disabled}
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Tooltip title={selected.length === 0 ? t('members.actions.selectHint') : ''}>
        {/* A disabled button fires no events; the span lets the tooltip say why it is disabled. */}
        <span>
          <Button
            variant="contained"
            data-testid="members-actions"
            disabled={selected.length === 0 || actions.pending}
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-controls={anchor ? 'members-actions-menu' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {selected.length > 0
              ? t('members.actions.buttonWithCount', { total: selected.length })
              : t('members.actions.button')}
          </Button>
        </span>
      </Tooltip>
      <Menu
        id="members-actions-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        {item(
          'members-action-delete',
          <DeleteIcon fontSize="small" />,
          t('members.actions.delete', { total: selected.length }),
          () => setStep('confirmDelete'),
        )}
        {item(
          'members-action-user-group',
          <GroupsIcon fontSize="small" />,
          t('members.actions.userGroup', { total: selected.length }),
          () => setStep('userGroup'),
        )}
        {isAdmin &&
          item(
            'members-action-link',
            <LinkIcon fontSize="small" />,
            t('members.actions.link', { total: linkable }),
            () => actions.link(selected),
            linkable === 0,
          )}
        {isAdmin &&
          item(
            'members-action-unlink',
            <LinkOffIcon fontSize="small" />,
            t('members.actions.unlink', { total: unlinkable }),
            () => setStep('confirmUnlink'),
            unlinkable === 0,
          )}
      </Menu>
      <ConfirmDialog
        open={step === 'confirmDelete'}
        title={t('members.actions.confirmDelete.title')}
        message={t('members.actions.confirmDelete.message', { total: selected.length })}
        confirmLabel={t('members.actions.confirmDelete.confirm')}
        onConfirm={() => {
          setStep(null);
          actions.delete(selected);
        }}
        onCancel={() => setStep(null)}
      />
      <ConfirmDialog
        open={step === 'confirmUnlink'}
        title={t('members.actions.confirmUnlink.title')}
        message={t('members.actions.confirmUnlink.message', { total: unlinkable })}
        confirmLabel={t('members.actions.confirmUnlink.confirm')}
        onConfirm={() => {
          setStep(null);
          actions.unlink(selected);
        }}
        onCancel={() => setStep(null)}
      />
      <BulkUserGroupDialog
        open={step === 'userGroup'}
        siteId={siteId}
        total={selected.length}
        pending={actions.pending}
        onSave={(userGroup) => actions.setUserGroup(selected, userGroup, () => setStep(null))}
        onClose={() => setStep(null)}
      />
    </>
  );
}
