import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { helpPageFor, type HelpArticle } from '../lib/help-page';

/** Opens a help article in the operator's language in a new tab. */
export function HelpLinkButton({ article, label }: { article: HelpArticle; label: string }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip title={label}>
      <IconButton
        component="a"
        href={helpPageFor(article, i18n.resolvedLanguage)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
      >
        <HelpOutlineIcon />
      </IconButton>
    </Tooltip>
  );
}
