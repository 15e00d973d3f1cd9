import { MEMBER_IMPORT_MAX, type ImportCheck } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidRowReason, duplicateReason } from './member-ref-reasons';
import { MemberRefTable } from './MemberRefTable';

interface ReviewStepProps {
  check: ImportCheck;
  /** All rows of the file, as they will be sent. */
  total: number;
  importing: boolean;
}

/** Step 3: who will be imported, which rows are invalid (with why) and which repeat in the file. */
export function ReviewStep({ check, total, importing }: ReviewStepProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  // Reasons are worked out once per review, not on every render of a long list.
  const invalid = useMemo(
    () => check.invalid.map((row) => ({ name: row.name, email: row.email, reason: invalidRowReason(row) })),
    [check.invalid],
  );
  const repeated = useMemo(
    () => check.repeated.map((row) => ({ ...row, reason: duplicateReason('file') })),
    [check.repeated],
  );
  return (
    <Stack spacing={2}>
      {importing && <LinearProgress aria-label={t('memberImport.review.importing')} />}
      {total > MEMBER_IMPORT_MAX && (
        <Alert severity="error">
          {t('memberImport.review.tooMany', { max: numbers.format(MEMBER_IMPORT_MAX) })}
        </Alert>
      )}
      {check.valid.length === 0 && <Alert severity="warning">{t('memberImport.review.noneValid')}</Alert>}
      <Typography variant="subtitle1" component="h3" data-testid="import-valid-count">
        {t('memberImport.review.valid', { total: numbers.format(check.valid.length) })}
      </Typography>
      {check.valid.length > 0 && (
        <MemberRefTable label={t('memberImport.review.validList')} members={check.valid} numbers={numbers} />
      )}
      {invalid.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" data-testid="import-invalid-count">
            {t('memberImport.review.invalid', { total: numbers.format(invalid.length) })}
          </Typography>
          <MemberRefTable label={t('memberImport.review.invalidList')} members={invalid} numbers={numbers} />
        </>
      )}
      {repeated.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" data-testid="import-repeated-count">
            {t('memberImport.review.repeated', { total: numbers.format(repeated.length) })}
          </Typography>
          <MemberRefTable
            label={t('memberImport.review.repeatedList')}
            members={repeated}
            numbers={numbers}
          />
        </>
      )}
    </Stack>
  );
}
