import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ColumnMapping,
  type ImportField,
} from './column-mapping';
import type { CsvTable } from './csv-file';

/** The select's value for "this field is not imported" (a select cannot hold null). */
const NOT_IMPORTED = '';

interface MapColumnsStepProps {
  fileName: string;
  table: CsvTable;
  mapping: ColumnMapping;
  onMap: (field: ImportField, column: number | null) => void;
}

/** Step 2: the column of each member field, pre-filled from the header; name and email required. */
export function MapColumnsStep({ fileName, table, mapping, onMap }: MapColumnsStepProps) {
  const { t } = useTranslation();
  const columnLabel = (index: number) =>
    table.headers[index] || t('memberImport.map.column', { number: index + 1 });
  // The first row's value under the chosen column shows the operator what the choice means.
  const example = (column: number | null) => {
    const value = column === null ? '' : (table.rows.find((row) => row[column]?.trim())?.[column] ?? '');
    return value ? t('memberImport.map.example', { value }) : ' ';
  };
  return (
    <Stack spacing={2}>
      <Typography>{t('memberImport.map.intro', { name: fileName })}</Typography>
      {IMPORT_FIELDS.map((field) => {
        const required = REQUIRED_IMPORT_FIELDS.includes(field);
        const column = mapping[field];
        return (
          <TextField
            key={field}
            select
            required={required}
            label={t(`memberImport.map.fields.${field}`)}
            value={column === null ? NOT_IMPORTED : String(column)}
            onChange={(event) =>
              onMap(field, event.target.value === NOT_IMPORTED ? null : Number(event.target.value))
            }
            error={required && column === null}
            helperText={required && column === null ? t('memberImport.map.required') : example(column)}
            fullWidth
          >
            <MenuItem value={NOT_IMPORTED}>{t('memberImport.map.notImported')}</MenuItem>
            {table.headers.map((_, index) => (
              <MenuItem key={index} value={String(index)}>
                {columnLabel(index)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}
