import TextField from '@mui/material/TextField';
import { ZONE_COLOURS, type ZoneType } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { MapEditorPanel } from '../../../components/map/MapEditorPanel';

export interface ZoneEditorToolbarProps {
  types: readonly ZoneType[];
  type: ZoneType;
  onTypeChange: (type: ZoneType) => void;
  typeLocked: boolean;
  hint: string;
  loading: boolean;
  /** Shown instead of the hint when the zones could not be loaded. */
  loadError: string | null;
  onRetry: () => void;
  busy: boolean;
  closing: boolean;
  can: { draw: boolean; save: boolean; delete: boolean; cancel: boolean };
  onDraw: () => void;
  onSave: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/** The zone editor's controls (spec §2 Map): type, Draw, Save, Delete, Cancel, Close, and what to do next. */
export function ZoneEditorToolbar(props: ZoneEditorToolbarProps) {
  const { t } = useTranslation();
  const { can, busy } = props;
  return (
    <MapEditorPanel
      testIdPrefix="zone"
      title={t('zones.title')}
      closeLabel={t('zones.close')}
      onClose={props.onClose}
      closing={props.closing}
      busy={busy}
      hint={props.hint}
      loading={props.loading}
      loadError={props.loadError}
      onRetry={props.onRetry}
      actions={[
        {
          label: t('zones.draw'),
          onClick: props.onDraw,
          enabled: can.draw,
          variant: 'outlined',
          testId: 'zone-draw',
        },
        {
          label: t('zones.save'),
          onClick: props.onSave,
          enabled: can.save,
          variant: 'contained',
          testId: 'zone-save',
        },
        {
          label: t('zones.delete'),
          onClick: props.onDelete,
          enabled: can.delete,
          color: 'error',
          testId: 'zone-delete',
        },
        { label: t('zones.cancel'), onClick: props.onCancel, enabled: can.cancel, testId: 'zone-cancel' },
      ]}
    >
      <TextField
        select
        fullWidth
        size="small"
        label={t('zones.type')}
        value={props.type}
        disabled={props.typeLocked || busy}
        onChange={(event) => props.onTypeChange(event.target.value as ZoneType)}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'zone-type' } }}
        sx={{ '& select': { borderLeft: 6, borderColor: ZONE_COLOURS[props.type] } }}
      >
        {props.types.map((type) => (
          <option key={type} value={type}>
            {t(`zones.types.${type}`)}
          </option>
        ))}
      </TextField>
    </MapEditorPanel>
  );
}
