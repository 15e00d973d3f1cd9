import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { holeLengthMetres, type CourseHole } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { MapEditorPanel } from '../../../components/map/MapEditorPanel';

/** The pars the schema accepts; most holes are 3 to 5, a few very long ones 6. */
const PARS = [3, 4, 5, 6] as const;

export interface CourseEditorToolbarProps {
  holes: readonly CourseHole[];
  selected: CourseHole | null;
  onSelectHole: (number: number | null) => void;
  onParChange: (par: number) => void;
  hint: string;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  saving: boolean;
  can: { add: boolean; removePoint: boolean; deleteHole: boolean; save: boolean; cancel: boolean };
  onAdd: () => void;
  onRemovePoint: () => void;
  onDeleteHole: () => void;
  onSave: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/** The course editor's controls: which hole, its par and length, the actions, and what to do next. */
export function CourseEditorToolbar(props: CourseEditorToolbarProps) {
  const { t, i18n } = useTranslation();
  const { can, selected } = props;
  const metres = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'meter',
    maximumFractionDigits: 0,
  });
  return (
    <MapEditorPanel
      testIdPrefix="course"
      title={t('course.title')}
      closeLabel={t('course.close')}
      onClose={props.onClose}
      closing={false}
      busy={props.saving || props.loading}
      hint={props.hint}
      loading={props.loading}
      loadError={props.loadError}
      onRetry={props.onRetry}
      actions={[
        {
          label: t('course.addHole'),
          onClick: props.onAdd,
          enabled: can.add,
          variant: 'outlined',
          testId: 'course-add',
        },
        {
          label: t('course.removePoint'),
          onClick: props.onRemovePoint,
          enabled: can.removePoint,
          testId: 'course-remove-point',
        },
        {
          label: t('course.deleteHole'),
          onClick: props.onDeleteHole,
          enabled: can.deleteHole,
          color: 'error',
          testId: 'course-delete-hole',
        },
        {
          label: t('course.save'),
          onClick: props.onSave,
          enabled: can.save,
          variant: 'contained',
          testId: 'course-save',
          pending: props.saving,
        },
        { label: t('course.cancel'), onClick: props.onCancel, enabled: can.cancel, testId: 'course-cancel' },
      ]}
    >
      <Stack direction="row" spacing={1}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('course.hole')}
          value={selected?.number ?? ''}
          disabled={props.holes.length === 0 || props.saving}
          onChange={(event) =>
            props.onSelectHole(event.target.value === '' ? null : Number(event.target.value))
          }
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'course-hole' } }}
        >
          <option value="">{t('course.noHole')}</option>
          {props.holes.map((hole) => (
            <option key={hole.number} value={hole.number}>
              {t('course.holeOption', { number: hole.number, par: hole.par })}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('course.par')}
          value={selected?.par ?? ''}
          disabled={!selected || props.saving}
          onChange={(event) => props.onParChange(Number(event.target.value))}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'course-par' } }}
          sx={{ minWidth: 88 }}
        >
          {!selected && <option value="" />}
          {PARS.map((par) => (
            <option key={par} value={par}>
              {par}
            </option>
          ))}
        </TextField>
      </Stack>
      {selected && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="course-hole-length">
          {t('course.holeLength', {
            length: metres.format(holeLengthMetres(selected)),
            points: selected.fairway.length - 2,
          })}
        </Typography>
      )}
    </MapEditorPanel>
  );
}
