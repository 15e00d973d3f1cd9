import { courseProblem, nextHoleNumber, type CourseHole } from '@fairway/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMapEvents } from 'react-leaflet';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { showToast } from '../../../lib/notifications';
import { useCourse } from '../api/get-course';
import { useSaveCourse } from '../api/save-course';
import {
  addHole,
  deleteHole,
  fromLatLng,
  insertFairwayPoint,
  isWaypoint,
  moveFairwayPoint,
  removeFairwayPoint,
  sameLayout,
  setPar,
  toLatLng,
  type LngLat,
} from '../lib/course-edits';
import { courseErrorMessage } from '../lib/course-error-message';
import { handleIcon } from '../lib/course-style';
import { useLiveCourse } from '../use-live-course';
import { CourseEditorToolbar } from './CourseEditorToolbar';
import { CourseHoles } from './CourseHoles';
import { SelectedHole } from './SelectedHole';

interface CourseEditorProps {
  siteId: string;
  /** The site's centre, [lat, lng]: positions far from it are refused before saving, as the server would. */
  center: readonly [number, number];
  open: boolean;
  onClose: () => void;
}

/**
 * The course editor of the live map (admins), rendered inside the MapContainer while `open`; the map's own
 * course layer steps aside meanwhile. Every change edits a draft of the whole layout, which Save sends in one
 * PUT; Cancel, Close and leaving the page ask before dropping unsaved changes.
 */
export function CourseEditor({ open, ...props }: CourseEditorProps) {
  return open ? <OpenCourseEditor {...props} /> : null;
}

interface Selection {
  hole: number;
  /** index in the hole's fairway, or null for the hole as a whole */
  point: number | null;
}

/** Adding a hole: first the tee is picked on the map, then the green. */
type Adding = { tee: LngLat | null };

function OpenCourseEditor({ siteId, center, onClose }: Omit<CourseEditorProps, 'open'>) {
  const { t } = useTranslation();
  const course = useCourse(siteId);
  useLiveCourse(siteId);
  const save = useSaveCourse(siteId);
  // null: no change yet, so the layout follows what the server (and the socket) say.
  const [draft, setDraft] = useState<CourseHole[] | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState<(() => void) | null>(null);

  const saved = course.data?.holes ?? [];
  const holes = draft ?? saved;
  const dirty = draft !== null && !sameLayout(draft, saved);
  const selected = holes.find((hole) => hole.number === selection?.hole) ?? null;
  const selectedPoint = selected ? (selection?.point ?? null) : null;

  const dropChanges = () => {
    setDraft(null);
    setSelection(null);
    setAdding(null);
  };
  /** Runs `action` at once, or after the admin agrees to drop the unsaved changes. */
  const afterDiscarding = (action: () => void) => {
    if (dirty) setConfirmDiscard(() => action);
    else action();
  };

  const pick = (position: LngLat) => {
    if (!adding) return;
    if (adding.tee === null) {
      setAdding({ tee: position });
      return;
    }
    setAdding(null);
    const added = addHole(holes, adding.tee, position);
    if (!added) return;
    setDraft(added.holes);
    setSelection({ hole: added.number, point: null });
  };

  useMapEvents({
    click: (event) => {
      if (adding) pick(fromLatLng(event.latlng.lat, event.latlng.lng));
      else if (selection?.point != null) setSelection({ hole: selection.hole, point: null });
    },
    keydown: (event) => {
      if (event.originalEvent.key === 'Escape' && adding) setAdding(null);
    },
  });

  const submit = () => {
    const problem = courseProblem(holes, [center[1], center[0]]);
    if (problem) {
      showToast(t(`course.problems.${problem.reason}`, { number: problem.hole }), 'error');
      setSelection({ hole: problem.hole, point: null });
      return;
    }
    save.mutate(
      { holes },
      {
        onSuccess: () => {
          setDraft(null);
          showToast(t('course.saved'), 'success');
        },
        onError: (error) => showToast(courseErrorMessage(error, t), 'error'),
      },
    );
  };

  const removePoint = (index: number) => {
    if (!selected) return;
    setDraft(removeFairwayPoint(holes, selected.number, index));
    setSelection({ hole: selected.number, point: null });
  };

  const nextNumber = nextHoleNumber(holes);
  const hint = course.isPending
    ? t('common.loading')
    : adding
      ? adding.tee === null
        ? t('course.hint.pickTee', { number: nextNumber })
        : t('course.hint.pickGreen', { number: nextNumber })
      : selected && selectedPoint !== null && isWaypoint(selected, selectedPoint)
        ? t('course.hint.point')
        : selected
          ? t('course.hint.hole')
          : holes.length === 0
            ? t('course.hint.empty')
            : nextNumber === null
              ? t('course.hint.full')
              : t('course.hint.idle');

  return (
    <>
      <CourseHoles
        holes={selected ? holes.filter((hole) => hole !== selected) : holes}
        onSelect={adding ? undefined : (number) => setSelection({ hole: number, point: null })}
      />
      {selected && (
        <SelectedHole
          hole={selected}
          selectedPoint={selectedPoint}
          onSelectPoint={(index) => setSelection({ hole: selected.number, point: index })}
          onMovePoint={(index, position) =>
            setDraft(moveFairwayPoint(holes, selected.number, index, position))
          }
          onInsertPoint={(position) => {
            const inserted = insertFairwayPoint(holes, selected.number, position);
            if (!inserted) {
              showToast(t('course.fairwayFull'), 'warning');
              return;
            }
            setDraft(inserted.holes);
            setSelection({ hole: selected.number, point: inserted.index });
          }}
          onRemovePoint={removePoint}
        />
      )}
      {adding?.tee && (
        <Marker
          position={toLatLng(adding.tee)}
          icon={handleIcon('tee', true)}
          title={t('course.handles.tee', { number: nextNumber })}
          interactive={false}
          keyboard={false}
        />
      )}
      <MapOverlay corner="top-left">
        <CourseEditorToolbar
          holes={holes}
          selected={selected}
          onSelectHole={(number) => setSelection(number === null ? null : { hole: number, point: null })}
          onParChange={(par) => selected && setDraft(setPar(holes, selected.number, par))}
          hint={hint}
          loading={course.isPending}
          loadError={course.isError ? t('course.loadFailed') : null}
          onRetry={() => void course.refetch()}
          saving={save.isPending}
          can={{
            add: !adding && nextNumber !== null && course.isSuccess,
            removePoint: selected !== null && selectedPoint !== null && isWaypoint(selected, selectedPoint),
            deleteHole: selected !== null && !adding,
            save: dirty && !adding,
            cancel: dirty || adding !== null,
          }}
          onAdd={() => {
            setSelection(null);
            setAdding({ tee: null });
          }}
          onRemovePoint={() => selectedPoint !== null && removePoint(selectedPoint)}
          onDeleteHole={() => {
            if (!selected) return;
            setDraft(deleteHole(holes, selected.number));
            setSelection(null);
            showToast(t('course.holeDeleted', { number: selected.number }), 'info');
          }}
          onSave={submit}
          onCancel={() => (adding && !dirty ? setAdding(null) : afterDiscarding(dropChanges))}
          onClose={() => afterDiscarding(onClose)}
        />
      </MapOverlay>
      <ConfirmDialog
        open={confirmDiscard !== null}
        title={t('course.confirm.discardTitle')}
        message={t('course.confirm.discardText')}
        confirmLabel={t('course.confirm.discard')}
        cancelLabel={t('course.confirm.keep')}
        onCancel={() => setConfirmDiscard(null)}
        onConfirm={() => {
          const action = confirmDiscard;
          setConfirmDiscard(null);
          dropChanges();
          action?.();
        }}
      />
      <UnsavedChangesGuard
        when={dirty}
        title={t('course.confirm.leaveTitle')}
        message={t('course.confirm.discardText')}
        leaveLabel={t('course.confirm.leave')}
        stayLabel={t('course.confirm.keep')}
      />
    </>
  );
}
