import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../lib/i18n';
import { SUPPORTED_LOCALES } from '../lib/locale';

/** Switches the interface language; the choice is stored and wins over the browser's language. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('language.menu')}>
        <IconButton
          color={color}
          aria-label={t('language.menu')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((locale) => {
          const selected = i18n.resolvedLanguage === locale;
          return (
            <MenuItem
              key={locale}
              selected={selected}
              lang={locale}
              onClick={() => {
                setAnchor(null);
                void changeLocale(locale);
              }}
            >
              <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{t(`language.names.${locale}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
