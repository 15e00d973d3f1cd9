import EventBusyIcon from '@mui/icons-material/EventBusy';
import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import NoTransferIcon from '@mui/icons-material/NoTransfer';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import type { CartGroup, PanelChoice } from '../lib/cart-groups';

const GROUP_ICONS: Record<Exclude<CartGroup, 'all'>, ReactNode> = {
  live: <SensorsOffIcon />,
  inUse: <GolfCourseIcon />,
  reserved: <EventBusyIcon />,
  stored: <WarehouseIcon />,
};

interface CartListEmptyProps {
  /** How many carts the site has at all. */
  total: number;
  /** The panel's choice, with the search as applied. */
  choice: PanelChoice;
  onShowAll: () => void;
}

/**
 * Why the list is empty, in the words that fit: the site has no carts; nothing matches the search or
 * filter (with the way back); or the chosen group is empty, which is normal (no reserved carts today).
 */
export function CartListEmpty({ total, choice, onShowAll }: CartListEmptyProps) {
  const { t } = useTranslation();
  const query = choice.query.trim();
  if (total === 0) {
    return (
      <EmptyState icon={<NoTransferIcon />} title={t('map.noCarts')} description={t('map.noCartsHint')} />
    );
  }
  if (query === '' && choice.filter === 'overdue') {
    return (
      <EmptyState
        icon={<ScheduleIcon />}
        title={t('overrun.noneTitle')}
        description={t('overrun.noneHint')}
        action={<Button onClick={onShowAll}>{t('map.clearFilters')}</Button>}
      />
    );
  }
  if (query !== '' || choice.filter !== 'all') {
    return (
      <EmptyState
        icon={<SearchOffIcon />}
        title={choice.filter === 'all' ? t('map.noMatches', { query }) : t('map.noFilterMatches')}
        action={<Button onClick={onShowAll}>{t('map.clearFilters')}</Button>}
      />
    );
  }
  // 'all' holds every cart, and this site has some.
  const { group } = choice;
  if (group === 'all') return null;
  return (
    <EmptyState
      icon={GROUP_ICONS[group]}
      title={t(`map.groupEmpty.${group}.title`)}
      description={t(`map.groupEmpty.${group}.hint`)}
    />
  );
}
