import { hasRole, type CartView, type Role } from '@fairway/domain';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartAdminPanel } from './settings/CartAdminPanel';
import { CartIdentityForm } from './settings/CartIdentityForm';
import { CartNoteSection } from './settings/CartNoteSection';
import { VehicleInfoForm } from './settings/VehicleInfoForm';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5}>
      <Typography component="h3" variant="subtitle1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

interface CartSettingsTabProps {
  cart: CartView;
  role: Role | null;
  takenCarNumbers: ReadonlySet<string>;
}

/**
 * The sidebar's Settings tab: the cart's own settings, its note, vehicle info, and for admins the Admin
 * panel. Forms start from the cart as it was when opened; live updates do not overwrite typing.
 */
export function CartSettingsTab({ cart, role, takenCarNumbers }: CartSettingsTabProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Section title={t('fleet.settings.title')}>
        <CartIdentityForm cart={cart} takenCarNumbers={takenCarNumbers} />
      </Section>
      <Section title={t('fleet.settings.note')}>
        <CartNoteSection cart={cart} />
      </Section>
      <Section title={t('fleet.vehicle.title')}>
        <VehicleInfoForm cart={cart} />
      </Section>
      {hasRole(role, 'admin') && (
        <Section title={t('fleet.admin.title')}>
          <CartAdminPanel cart={cart} />
        </Section>
      )}
    </Stack>
  );
}
