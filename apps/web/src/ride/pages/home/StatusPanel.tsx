import type { GuestCartStatus } from '@fairway/domain';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { Icon, type IconName } from '../../ui/icons';

const ICONS: Record<GuestCartStatus, IconName> = {
  AVAILABLE: 'checkCircleOutlined',
  IN_USE: 'doNotDisturbOnOutlined',
  KEYMODE: 'keyOutlined',
  OFFLINE: 'cloudOffOutlined',
  OUT_OF_SERVICE: 'buildOutlined',
  BOOKED: 'eventBusyOutlined',
  SITE_CLOSED: 'scheduleOutlined',
};

/** Spec §2 status panels: what the cart's status means for the guest (spec §8 texts), with an icon. */
export function StatusPanel({ status, children }: { status: GuestCartStatus; children?: ReactNode }) {
  const { t } = useI18n();
  const available = status === 'AVAILABLE';
  return (
    <div className="rd-card rd-stack" data-status={status}>
      <div className="rd-status-row">
        <Icon
          name={ICONS[status]}
          className={available ? 'rd-status-icon rd-status-icon--available' : 'rd-status-icon'}
        />
        <div>
          <h2 className="rd-h6">{t(`status.${status}.title`)}</h2>
          <p className="rd-text">{t(`status.${status}.message`)}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
