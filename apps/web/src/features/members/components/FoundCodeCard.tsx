import type { CodeFindResult } from '@fairway/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Spec §2 Find Code: 'Code Found' with the driver's name and email, and company and phone when known. */
export function FoundCodeCard({ result }: { result: CodeFindResult }) {
  const { t } = useTranslation();
  const rows: Array<[string, string | null]> = [
    [t('members.findCode.name'), result.name],
    [t('members.findCode.email'), result.email],
    [t('members.findCode.company'), result.company],
    [t('members.findCode.phone'), result.phone],
    [t('members.findCode.type'), t(`members.codeTypes.${result.type}`)],
  ];
  return (
    <Card variant="outlined" data-testid="find-code-result">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('members.findCode.found')}
        </Typography>
        <dl style={{ margin: 0 }}>
          {rows.map(([label, value]) =>
            value ? (
              <div key={label}>
                <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </div>
            ) : null,
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
