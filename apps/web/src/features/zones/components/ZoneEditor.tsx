import '../lib/geoman';
import {
  checkZoneRing,
  mayManageZoneType,
  zoneType,
  type PolygonGeometry,
  type ZoneType,
  type ZoneView,
} from '@fairway/domain';
import type { Polygon as LeafletPolygon } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { i18n } from '../../../lib/i18n';
import { showToast } from '../../../lib/notifications';
import { useTokenInfo } from '../../../lib/session';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { useCreateZone } from '../api/create-zone';
import { useDeleteZone } from '../api/delete-zone';
import { useZones } from '../api/get-zones';
import { publishZones, usePublishZones } from '../api/publish-zones';
import { useUpdateZone } from '../api/update-zone';
import { editorZones } from '../lib/editor-zones';
import { configureGeoman } from '../lib/geoman';
import { useMapZoom } from '../lib/use-map-zoom';
import { setZoneEditorOpen } from '../lib/zone-editor-state';
import { zoneErrorMessage } from '../lib/zone-error-message';
import { polygonRing } from '../lib/zone-rings';
import { zonePathOptions } from '../lib/zone-style';
import { useZoneDraft } from '../use-zone-draft';
import { ZoneConfirmDialog } from './ZoneConfirmDialog';
import { ZoneEditorToolbar } from './ZoneEditorToolbar';
import { ZonePolygon } from './ZonePolygon';

interface ZoneEditorProps {
  siteId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The zone editor toolbar of spec §2 Map, rendered inside the MapContainer while `open`. Saved changes go
 * to the carts when the toolbar closes (POST /zones/publish).
 */
export function ZoneEditor({ siteId, open, onClose }: ZoneEditorProps) {
  return open ? <OpenZoneEditor siteId={siteId} onClose={onClose} /> : null;
}

type Confirmation = { kind: 'discard'; then: () => void } | { kind: 'delete'; zone: ZoneView };

function OpenZoneEditor({ siteId, onClose }: Omit<ZoneEditorProps, 'open'>) {
  const { t } = useTranslation();
  const map = useMap();
  const role = useTokenInfo()?.role ?? null;
  const zones = useZones(siteId);
  const zoom = useMapZoom();
  const editor = useZoneDraft();
  const createZone = useCreateZone(siteId);
  const updateZone = useUpdateZone(siteId);
  const deleteZone = useDeleteZone(siteId);
  const publish = usePublishZones(siteId);
  const [type, setType] = useState<ZoneType>('parking');
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  /** Saved changes the carts have not been given yet; not rendered, so a ref. */
  const unpublished = useRef(false);

  const types = useMemo(() => zoneType.options.filter((option) => mayManageZoneType(role, option)), [role]);
  const { draft } = editor;
  const typeChanged = draft?.kind === 'existing' && type !== draft.zone.properties.type;
  const dirty = draft?.kind === 'new' || editor.outlineChanged || typeChanged;
  const unsaved = dirty || editor.pointsPlaced;
  const busy = createZone.isPending || updateZone.isPending || deleteZone.isPending || publish.isPending;

  useEffect(() => {
    setZoneEditorOpen(true);
    return () => setZoneEditorOpen(false);
  }, []);

  useEffect(() => {
    configureGeoman(map, {
      firstVertex: t('zones.tooltips.firstVertex'),
      continueLine: t('zones.tooltips.continueLine'),
      finishPoly: t('zones.tooltips.finishPoly'),
    });
  }, [map, t]);

  // Leaving the page with the toolbar open must not strand saved zones off the carts.
  useEffect(
    () => () => {
      if (!unpublished.current) return;
      publishZones(siteId).then(
        () => showToast(i18n.t('zones.published'), 'success'),
        (error: unknown) => showToast(zoneErrorMessage(error, i18n.t), 'error'),
      );
    },
    [siteId],
  );

  /** Runs `action` at once, or after the operator agrees to drop the unsaved outline. */
  const afterDiscarding = (action: () => void) => {
    if (unsaved) setConfirm({ kind: 'discard', then: action });
    else action();
  };
  const dropWork = () => {
    editor.stopDrawing();
    editor.discard();
  };

  const failed = (error: unknown) => showToast(zoneErrorMessage(error, t), 'error');
  const saved = (message: string) => () => {
    editor.settle();
    unpublished.current = true;
    showToast(message, 'success');
  };

  const save = () => {
    if (!draft) return;
    const ring = polygonRing(draft.layer);
    const check = checkZoneRing(ring);
    if (!check.ok) {
      showToast(t(`zones.problems.${check.reason}`), 'error');
      return;
    }
    const geometry: PolygonGeometry = { type: 'Polygon', coordinates: [ring] };
    if (draft.kind === 'new') {
      createZone.mutate(
        { geometry, properties: { type } },
        { onSuccess: saved(t('zones.created')), onError: failed },
      );
      return;
    }
    updateZone.mutate(
      {
        zoneId: draft.zone._id,
        body: {
          ...(editor.outlineChanged ? { geometry } : {}),
          ...(typeChanged ? { properties: { type } } : {}),
        },
      },
      { onSuccess: saved(t('zones.updated')), onError: failed },
    );
  };

  const remove = (zone: ZoneView) => {
    setConfirm(null);
    deleteZone.mutate(zone._id, { onSuccess: saved(t('zones.deleted')), onError: failed });
  };

  const close = () =>
    afterDiscarding(() => {
      dropWork();
      if (!unpublished.current) {
        onClose();
        return;
      }
      // Cleared before the call, so leaving the page meanwhile does not publish a second time.
      unpublished.current = false;
      publish.mutate(undefined, {
        onSuccess: () => {
          showToast(t('zones.published'), 'success');
          onClose();
        },
        // The toolbar stays open, so closing again retries.
        onError: (error) => {
          unpublished.current = true;
          failed(error);
        },
      });
    });

  const changeType = (next: ZoneType) => {
    setType(next);
    if (draft?.kind === 'new') draft.layer.setStyle(zonePathOptions(next, undefined, zoom));
  };

  const selectZone = (zone: ZoneView, layer: LeafletPolygon) => {
    if (editor.drawing || (draft?.kind === 'existing' && draft.zone._id === zone._id)) return;
    afterDiscarding(() => {
      editor.select(zone, layer);
      setType(zone.properties.type);
    });
  };

  const hint = editor.drawing
    ? t('zones.hint.drawing')
    : draft?.kind === 'new'
      ? t('zones.hint.new')
      : draft
        ? t('zones.hint.editing')
        : zones.data?.length === 0
          ? t('zones.hint.empty')
          : t('zones.hint.idle');

  const shown = editorZones(zones.data ?? [], draft?.kind === 'existing' ? { zone: draft.zone, type } : null);

  return (
    <>
      {shown.map((zone) => {
        const editable = mayManageZoneType(role, zone.properties.type);
        return (
          <ZonePolygon
            key={`${zone._id}:${editable}`}
            zone={zone}
            zoom={zoom}
            onClick={editable ? (layer) => selectZone(zone, layer) : undefined}
          />
        );
      })}
      <MapOverlay corner="top-left">
        <ZoneEditorToolbar
          types={types}
          type={type}
          onTypeChange={changeType}
          typeLocked={editor.drawing}
          hint={hint}
          loading={zones.isPending}
          loadError={zones.isError ? t('zones.loadFailed') : null}
          onRetry={() => void zones.refetch()}
          busy={busy}
          closing={publish.isPending}
          can={{
            draw: !editor.drawing,
            save: dirty,
            delete: draft?.kind === 'existing',
            cancel: editor.drawing || draft !== null,
          }}
          onDraw={() => afterDiscarding(() => editor.startDrawing(zonePathOptions(type, undefined, zoom)))}
          onSave={save}
          onDelete={() => draft?.kind === 'existing' && setConfirm({ kind: 'delete', zone: draft.zone })}
          onCancel={() => afterDiscarding(dropWork)}
          onClose={close}
        />
      </MapOverlay>
      <ZoneConfirmDialog
        open={confirm !== null}
        title={t(confirm?.kind === 'delete' ? 'zones.confirm.deleteTitle' : 'zones.confirm.discardTitle')}
        text={
          confirm?.kind === 'delete'
            ? t('zones.confirm.deleteText', { type: t(`zones.types.${confirm.zone.properties.type}`) })
            : t('zones.confirm.discardText')
        }
        confirmLabel={t(confirm?.kind === 'delete' ? 'zones.delete' : 'zones.confirm.discard')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'delete') remove(confirm.zone);
          else if (confirm) {
            setConfirm(null);
            dropWork();
            confirm.then();
          }
        }}
      />
    </>
  );
}
