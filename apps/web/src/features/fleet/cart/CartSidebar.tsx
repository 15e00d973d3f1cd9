import type { CartView, Role } from '@fairway/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DamageReportsSection } from '../../damage-reports';
import { useSite } from '../../sites';
import { CartHeading } from './CartHeading';
import { CartInfoTab } from './CartInfoTab';
import { CartQuickActions } from './CartQuickActions';
import { CartSettingsTab } from './CartSettingsTab';

type SidebarTab = 'info' | 'settings';

interface CartSidebarProps {
  /** The open cart, live from the store; null closes the sidebar. */
  cart: CartView | null;
  siteId: string;
  role: Role | null;
  autoLockMinutes: number;
  now: number;
  takenCarNumbers: ReadonlySet<string>;
  onClose: () => void;
}

/** The cart sidebar (spec §2 Fleet): a right drawer with the quick actions and the tabs Info and Settings. */
export function CartSidebar({
  cart,
  siteId,
  role,
  autoLockMinutes,
  now,
  takenCarNumbers,
  onClose,
}: CartSidebarProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SidebarTab>('info');
  const titleId = useId();
  const tabsId = useId();
  const timeZone = useSite(siteId).data?.timezone;

  return (
    <Drawer
      anchor="right"
      open={cart !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 } }, 'aria-labelledby': titleId } }}
    >
      {cart && (
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="cart-sidebar">
          <CartHeading cart={cart} now={now} titleId={titleId} onClose={onClose} />
          <CartQuickActions cart={cart} role={role} />
          <Divider />
          {/* Guests' problem reports (issue 23): the same section as the map's cart sheet. */}
          <DamageReportsSection siteId={siteId} deviceId={cart._id} timeZone={timeZone} />
          <Divider />
          <Tabs value={tab} onChange={(_event, next: SidebarTab) => setTab(next)} variant="fullWidth">
            <Tab
              value="info"
              label={t('fleet.tabs.info')}
              id={`${tabsId}-info`}
              aria-controls={`${tabsId}-info-panel`}
            />
            <Tab
              value="settings"
              label={t('fleet.tabs.settings')}
              id={`${tabsId}-settings`}
              aria-controls={`${tabsId}-settings-panel`}
            />
          </Tabs>
          <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'info' ? (
              <CartInfoTab
                cart={cart}
                siteId={siteId}
                role={role}
                autoLockMinutes={autoLockMinutes}
                now={now}
              />
            ) : (
              // Keyed by cart: the forms start again from the newly opened cart.
              <CartSettingsTab key={cart._id} cart={cart} role={role} takenCarNumbers={takenCarNumbers} />
            )}
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
