import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { CART_GROUPS, type CartGroup } from '../lib/cart-groups';

interface CartGroupTabsProps {
  value: CartGroup;
  counts: Record<CartGroup, number>;
  onChange: (group: CartGroup) => void;
}

/** Spec §2 Map groups as tabs, each with the number of carts it lists. */
export function CartGroupTabs({ value, counts, onChange }: CartGroupTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_event, group: CartGroup) => onChange(group)}
      aria-label={t('map.groupsLabel')}
      // The five groups wrap onto a second line rather than scroll out of the narrow panel (issue 15: "Stored"
      // showed as "S"); the selected tab is shaded, since the sliding underline cannot follow a wrapped row.
      sx={{
        minHeight: 40,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTabs-list, & .MuiTabs-flexContainer': { flexWrap: 'wrap', columnGap: 0.5 },
        '& .MuiTabs-indicator': { display: 'none' },
        '& .MuiTab-root.Mui-selected': { bgcolor: 'action.selected', borderRadius: 1 },
      }}
    >
      {CART_GROUPS.map((group) => (
        <Tab
          key={group}
          value={group}
          data-testid={`map-group-${group}`}
          sx={{ minHeight: 40, minWidth: 0, px: 1.25, textTransform: 'none' }}
          label={
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline' }}>
              {t(`map.groups.${group}`)}
              <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                {counts[group]}
              </Box>
            </Box>
          }
        />
      ))}
    </Tabs>
  );
}
