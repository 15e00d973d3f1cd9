import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { MemberImportResult } from '@fairway/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicateReason, invalidRowReason } from './member-ref-reasons';
import { MemberRefTable } from './MemberRefTable';

interface ResultStepProps {
  result: MemberImportResult;
}

/** Step 4: how many members were imported, and the duplicates and refused rows the server named. */
export function ResultStep({ result }: ResultStepProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  const duplicates = useMemo(
    () =>
      result.duplicateMembers.map((row) => ({
        name: row.name,
        email: row.email,
        reason: duplicateReason(row.reason),
      })),
    [result.duplicateMembers],
  );
  const refused = useMemo(
    () =>
      result.invalidMembers.map((row) => ({
        name: row.name,
        email: row.email,
        reason: invalidRowReason(row),
      })),
    [result.invalidMembers],
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CheckCircleIcon color="success" aria-hidden />
        <Typography variant="h6" component="p" data-testid="import-imported-count">
          {t('memberImport.result.imported', { total: numbers.format(result.imported) })}
        </Typography>
      </Stack>
      {duplicates.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t('memberImport.result.duplicates', { total: numbers.format(duplicates.length) })}
          </Typography>
          <MemberRefTable
            label={t('memberImport.result.duplicatesList')}
            members={duplicates}
            numbers={numbers}
          />
        </>
      )}
      {refused.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t('memberImport.result.invalid', { total: numbers.format(refused.length) })}
          </Typography>
          <MemberRefTable label={t('memberImport.result.invalidList')} members={refused} numbers={numbers} />
        </>
      )}
    </Stack>
  );
}
