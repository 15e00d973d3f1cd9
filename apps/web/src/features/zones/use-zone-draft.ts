import type { ZoneView } from '@fairway/domain';
import { Polygon as LeafletPolygon, type Layer, type PathOptions } from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { ringToLatLngs } from './lib/zone-rings';

/** The outline being worked on: a freshly drawn one (Geoman's own layer) or an existing zone's layer. */
export type ZoneDraft =
  { kind: 'new'; layer: LeafletPolygon } | { kind: 'existing'; zone: ZoneView; layer: LeafletPolygon };

const EDIT_OPTIONS = {
  allowSelfIntersection: false,
  // Removing vertices below a triangle must not delete the whole zone behind the operator's back.
  removeLayerBelowMinVertexCount: false,
  snappable: false,
} as const;

/**
 * Geoman drawing and vertex editing for the zone editor, as React state: at most one draft at a time, a
 * drawing ends when the ring is closed and becomes the draft, and whatever is left when the editor closes
 * is undone (a new outline removed, an existing one put back and locked again).
 */
export function useZoneDraft() {
  const map = useMap();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [drawing, setDrawing] = useState(false);
  /** A drawing with points placed is unsaved work; an empty one is not. */
  const [pointsPlaced, setPointsPlaced] = useState(false);
  const [outlineChanged, setOutlineChanged] = useState(false);
  const draftRef = useRef<ZoneDraft | null>(null);

  const markChanged = useCallback(() => setOutlineChanged(true), []);

  const take = useCallback(
    (next: ZoneDraft | null) => {
      draftRef.current?.layer.off('pm:edit', markChanged);
      draftRef.current = next;
      if (next) {
        next.layer.pm.enable(EDIT_OPTIONS);
        next.layer.on('pm:edit', markChanged);
      }
      setDraft(next);
      setOutlineChanged(false);
    },
    [markChanged],
  );

  /** Undoes the draft: a new outline leaves the map, an existing zone gets its saved outline back. */
  const release = useCallback(
    (restore: boolean) => {
      const current = draftRef.current;
      if (!current) return;
      current.layer.pm.disable();
      if (current.kind === 'new') current.layer.remove();
      else if (restore) current.layer.setLatLngs(ringToLatLngs(current.zone.geometry.coordinates[0] ?? []));
      take(null);
    },
    [take],
  );

  useEffect(() => {
    const onCreate = (event: { layer: unknown }) => {
      if (event.layer instanceof LeafletPolygon) take({ kind: 'new', layer: event.layer });
    };
    const onDrawStart = (event: { workingLayer: Layer }) =>
      event.workingLayer.once('pm:vertexadded', () => setPointsPlaced(true));
    const onDrawEnd = () => {
      setDrawing(false);
      setPointsPlaced(false);
    };
    map.on('pm:create', onCreate);
    map.on('pm:drawstart', onDrawStart);
    map.on('pm:drawend', onDrawEnd);
    return () => {
      map.off('pm:create', onCreate);
      map.off('pm:drawstart', onDrawStart);
      map.off('pm:drawend', onDrawEnd);
      map.pm.disableDraw();
      release(true);
    };
  }, [map, take, release]);

  const startDrawing = useCallback(
    (pathOptions: PathOptions) => {
      release(true);
      map.pm.enableDraw('Polygon', {
        allowSelfIntersection: false,
        snappable: false,
        pathOptions,
        templineStyle: { color: pathOptions.color },
        hintlineStyle: { color: pathOptions.color, dashArray: [5, 5] },
      });
      setDrawing(true);
    },
    [map, release],
  );

  const stopDrawing = useCallback(() => {
    map.pm.disableDraw();
    setDrawing(false);
    setPointsPlaced(false);
  }, [map]);

  return {
    draft,
    drawing,
    pointsPlaced,
    outlineChanged,
    startDrawing,
    stopDrawing,
    /** Starts editing an existing zone's vertices. */
    select: useCallback(
      (zone: ZoneView, layer: LeafletPolygon) => {
        release(true);
        take({ kind: 'existing', zone, layer });
      },
      [release, take],
    ),
    /** Drops the draft, putting an existing zone's outline back as saved. */
    discard: useCallback(() => release(true), [release]),
    /** Ends editing after a save or delete: the server's answer now draws the zone. */
    settle: useCallback(() => release(false), [release]),
  };
}
