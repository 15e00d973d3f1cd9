import axe from 'axe-core';
import type { CourseBody, CourseHole, CourseView, Role } from '@fairway/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CircleMarker, Marker, Polyline, latLng, type Layer, type Map as LeafletMap } from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_COLOUR } from '../../components/map/map-colours';
import { SITE_A } from '../../test/carts';
import { dismissAllToasts } from '../../lib/notifications';
import { deferred, json, type RecordedCall } from '../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../test/operator-session';
import { renderOperatorPage } from '../../test/render-operator-page';
import { relaySocketEvent } from '../realtime';
import { CourseEditor } from './components/CourseEditor';
import { CourseLayer } from './components/CourseLayer';
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
  type LngLat,
} from './lib/course-edits';
import { FAIRWAY_COLOUR } from './lib/course-style';

resetOperatorSessionAroundEachTest();

/** The club's centre, [lat, lng] as Leaflet takes it. */
const CENTRE: [number, number] = [56.3498, -2.8135];
const METRES_PER_DEGREE = 111_195;
/** [lng, lat] `east` and `north` metres from the centre, rounded as the editor stores positions. */
const at = (east: number, north: number): LngLat =>
  fromLatLng(
    CENTRE[0] + north / METRES_PER_DEGREE,
    CENTRE[1] + east / (METRES_PER_DEGREE * Math.cos((CENTRE[0] * Math.PI) / 180)),
  );
/** A hole running north for `length` metres, `east` metres east of the centre, with one waypoint halfway. */
function hole(number: number, east: number, length = 300, par = 4): CourseHole {
  const tee = at(east, 0);
  const green = at(east, length);
  return { number, par, tee, green, fairway: [tee, at(east, length / 2), green] };
}
const courseOf = (
  holes: CourseHole[],
  updatedAt: string | null = '2026-11-02T09:30:00.000Z',
): CourseView => ({
  siteId: SITE_A,
  holes,
  updatedAt,
});

describe('course editing helpers', () => {
  const holes = [hole(1, 0), hole(2, 100)];

  it('moves the tee and the green together with the fairway ends they are', () => {
    const moved = moveFairwayPoint(holes, 1, 0, at(5, -5));
    expect(moved[0]!.tee).toEqual(at(5, -5));
    expect(moved[0]!.fairway[0]).toEqual(at(5, -5));
    const green = moveFairwayPoint(holes, 1, 2, at(0, 320));
    expect(green[0]!.green).toEqual(at(0, 320));
    expect(green[0]!.fairway.at(-1)).toEqual(at(0, 320));
    const waypoint = moveFairwayPoint(holes, 1, 1, at(20, 150));
    expect(waypoint[0]).toMatchObject({ tee: holes[0]!.tee, green: holes[0]!.green });
    expect(waypoint[1]).toBe(holes[1]);
    expect(holes[0]!.fairway[1]).toEqual(at(0, 150));
  });

  it('inserts a clicked point into the nearest segment, and refuses beyond the schema limit', () => {
    const inserted = insertFairwayPoint(holes, 1, at(3, 220))!;
    expect(inserted.index).toBe(2);
    expect(inserted.holes[0]!.fairway).toEqual([at(0, 0), at(0, 150), at(3, 220), at(0, 300)]);
    expect(insertFairwayPoint(holes, 1, at(-2, 40))!.index).toBe(1);
    const full = { ...hole(3, 0), fairway: Array.from({ length: 200 }, (_, i) => at(0, i)) };
    expect(insertFairwayPoint([full], 3, at(1, 5))).toBeNull();
  });

  it('removes waypoints only, never the tee or the green', () => {
    expect(isWaypoint(holes[0]!, 1)).toBe(true);
    expect(removeFairwayPoint(holes, 1, 1)[0]!.fairway).toEqual([at(0, 0), at(0, 300)]);
    expect(removeFairwayPoint(holes, 1, 0)[0]).toBe(holes[0]);
    expect(removeFairwayPoint(holes, 1, 2)[0]).toBe(holes[0]);
  });

  it('adds a hole with the next free number and the par its length suggests', () => {
    const gap = [hole(1, 0), hole(3, 200)];
    const added = addHole(gap, at(300, 0), at(300, 180))!;
    expect(added.number).toBe(2);
    expect(added.holes.map((h) => h.number)).toEqual([1, 2, 3]);
    expect(added.holes[1]).toMatchObject({ par: 3, tee: at(300, 0), green: at(300, 180) });
    expect(addHole([], at(0, 0), at(0, 460))!.holes[0]!.par).toBe(5);
    const full = Array.from({ length: 36 }, (_, i) => hole(i + 1, i * 10));
    expect(addHole(full, at(0, 0), at(0, 100))).toBeNull();
  });

  it('tells an edited layout from the saved one, whatever the order of holes and keys', () => {
    expect(sameLayout(holes, [holes[1]!, { ...holes[0]! }])).toBe(true);
    expect(sameLayout(holes, setPar(holes, 2, 5))).toBe(false);
    expect(sameLayout(holes, deleteHole(holes, 2))).toBe(false);
  });
});

/** Every layer on the map, for finding what the course drew. */
function layersOf(map: LeafletMap): Layer[] {
  const layers: Layer[] = [];
  map.eachLayer((layer) => void layers.push(layer));
  return layers;
}
const polylines = (map: LeafletMap, colour: string) =>
  layersOf(map).filter(
    (layer): layer is Polyline => layer instanceof Polyline && layer.options.color === colour,
  );
const markerTitled = (map: LeafletMap, title: string) =>
  layersOf(map).find((layer): layer is Marker => layer instanceof Marker && layer.options.title === title);
const labels = () =>
  Array.from(document.querySelectorAll('.fw-course-label')).map((label) => label.textContent);

interface MapSetup {
  role?: Role;
  holes?: CourseHole[];
  load?: () => Response;
  save?: (call: RecordedCall) => Response | Promise<Response>;
  editor?: boolean;
}

function renderMap({ role = 'admin', holes = [], load, save, editor = false }: MapSetup) {
  let map: LeafletMap | null = null;
  function GrabMap() {
    map = useMap();
    return null;
  }
  const onClose = vi.fn();
  const server = renderOperatorPage({
    role,
    path: '/',
    url: '/',
    element: (
      <MapContainer center={CENTRE} zoom={17} style={{ height: 400, width: 400 }}>
        <GrabMap />
        {editor ? (
          <CourseEditor siteId={SITE_A} center={CENTRE} open onClose={onClose} />
        ) : (
          <CourseLayer siteId={SITE_A} />
        )}
      </MapContainer>
    ),
    routes: {
      'GET /api/dashboard/sites/course': load ?? (() => json(courseOf(holes))),
      'PUT /api/dashboard/sites/course': save ?? ((call) => json(courseOf((call.body as CourseBody).holes))),
    },
  });
  return { ...server, onClose, map: () => map! };
}

const clickMap = (map: LeafletMap, [lng, lat]: LngLat) =>
  act(() => {
    map.fire('click', { latlng: latLng(lat, lng) });
  });
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('CourseLayer', () => {
  it('draws each fairway, its tee and green and its number without tiles, and follows course:update', async () => {
    const { map } = renderMap({ role: 'user', holes: [hole(1, 0), hole(2, 100)] });
    await waitFor(() => expect(labels()).toEqual(['1', '2']));
    expect(polylines(map(), FAIRWAY_COLOUR)).toHaveLength(2);
    expect(layersOf(map()).filter((layer) => layer instanceof CircleMarker)).toHaveLength(4);
    // Nothing of the course is interactive on the plain layer: clicks reach the carts and the map.
    expect(polylines(map(), FAIRWAY_COLOUR).every((line) => line.options.interactive === false)).toBe(true);

    act(() => relaySocketEvent('course:update', courseOf([hole(1, 0), hole(2, 100), hole(3, 200)])));
    await waitFor(() => expect(labels()).toEqual(['1', '2', '3']));
    // Another site's course is not this map's.
    act(() =>
      relaySocketEvent('course:update', { ...courseOf([]), siteId: '00000000-0000-4000-8000-0000000000ff' }),
    );
    expect(labels()).toEqual(['1', '2', '3']);
  });

  it('asks nothing and draws nothing for role basic, whom the server would refuse', async () => {
    const { callsTo } = renderMap({ role: 'basic', holes: [hole(1, 0)] });
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('GET', '/api/dashboard/sites/course')).toHaveLength(0);
    expect(labels()).toEqual([]);
  });

  it('says when the course could not be loaded, and Retry asks again', async () => {
    let fail = true;
    renderMap({
      role: 'user',
      load: () => (fail ? json({ message: 'Internal server error' }, 500) : json(courseOf([hole(1, 0)]))),
    });
    const notice = await screen.findByTestId('course-load-failed', {}, { timeout: 15_000 });
    expect(notice.textContent).toMatch(/could not be loaded/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(labels()).toEqual(['1']));
    expect(screen.queryByTestId('course-load-failed')).toBeNull();
  });
});

describe('CourseEditor', () => {
  it('adds a hole by picking its tee and green, and saves the whole layout with progress', async () => {
    const held = deferred<void>();
    const { map, callsTo } = renderMap({
      editor: true,
      holes: [hole(1, 0)],
      save: async (call) => {
        await held.promise;
        return json(courseOf((call.body as CourseBody).holes));
      },
    });
    await waitFor(() => expect(labels()).toEqual(['1']));
    expect(button('course-save').disabled).toBe(true);

    fireEvent.click(button('course-add'));
    expect(screen.getByTestId('course-hint').textContent).toBe('Click the map where the tee of hole 2 is.');
    clickMap(map(), at(100, 0));
    expect(screen.getByTestId('course-hint').textContent).toBe('Now click the green of hole 2.');
    clickMap(map(), at(100, 200));
    await waitFor(() => expect(labels()).toEqual(['1', '2']));
    expect((screen.getByTestId('course-hole') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByTestId('course-par') as HTMLSelectElement).value).toBe('3');
    expect(screen.getByTestId('course-hole-length').textContent).toMatch(/^Length 200 m, waypoints: 0$/);

    fireEvent.change(screen.getByTestId('course-par'), { target: { value: '4' } });
    fireEvent.click(button('course-save'));
    await waitFor(() =>
      expect(button('course-save').querySelector('.MuiCircularProgress-root')).not.toBeNull(),
    );
    expect(button('course-add').disabled).toBe(true);
    held.resolve();
    expect(await screen.findByText('Course layout saved')).toBeTruthy();
    const sent = callsTo('PUT', '/api/dashboard/sites/course')[0]!.body as CourseBody;
    expect(sent.holes).toEqual([
      hole(1, 0),
      { number: 2, par: 4, tee: at(100, 0), green: at(100, 200), fairway: [at(100, 0), at(100, 200)] },
    ]);
    await waitFor(() => expect(button('course-save').disabled).toBe(true));
  });

  it('drags a tee, inserts a waypoint on the fairway and removes one', async () => {
    const { map, callsTo } = renderMap({ editor: true, holes: [hole(1, 0)] });
    await waitFor(() => expect(labels()).toEqual(['1']));
    fireEvent.change(screen.getByTestId('course-hole'), { target: { value: '1' } });

    const tee = markerTitled(map(), 'Tee of hole 1')!;
    act(() => {
      tee.setLatLng(latLng(at(-10, -10)[1], at(-10, -10)[0]));
      tee.fire('dragend');
    });
    const fairway = () => polylines(map(), HIGHLIGHT_COLOUR)[0]!;
    act(() => {
      fairway().fire('click', { latlng: latLng(at(1, 220)[1], at(1, 220)[0]) });
    });
    expect(screen.getByTestId('course-hole-length').textContent).toMatch(/waypoints: 2$/);
    expect(screen.getByTestId('course-hint').textContent).toMatch(/Drag the waypoint/);
    // The new waypoint (selected) goes by the button, the first one by its context action (right click).
    fireEvent.click(button('course-remove-point'));
    expect(screen.getByTestId('course-hole-length').textContent).toMatch(/waypoints: 1$/);
    expect(button('course-remove-point').disabled).toBe(true);
    act(() => {
      markerTitled(map(), 'Waypoint 1 of hole 1')!.fire('contextmenu');
    });
    expect(screen.getByTestId('course-hole-length').textContent).toMatch(/waypoints: 0$/);

    fireEvent.click(button('course-save'));
    await waitFor(() => expect(callsTo('PUT', '/api/dashboard/sites/course')).toHaveLength(1));
    const sent = callsTo('PUT', '/api/dashboard/sites/course')[0]!.body as CourseBody;
    expect(sent.holes[0]!.tee).toEqual(at(-10, -10));
    expect(sent.holes[0]!.fairway).toEqual([at(-10, -10), at(0, 300)]);
  });

  it('refuses positions far from the club before sending, and shows the server’s refusal', async () => {
    const { map, callsTo } = renderMap({
      editor: true,
      save: () =>
        json(
          {
            message: 'holes: Hole 1: the fairway must start at the tee and end at the green',
            code: 'fairwayEnds',
          },
          400,
        ),
    });
    await waitFor(() => expect(screen.getByTestId('course-hint').textContent).toMatch(/^No holes yet/));
    await waitFor(() => expect(button('course-add').disabled).toBe(false));
    fireEvent.click(button('course-add'));
    clickMap(map(), at(0, 0));
    clickMap(map(), at(0, 20_000));
    fireEvent.click(button('course-save'));
    expect(await screen.findByText('Hole 1 lies too far from the club (more than 10 km).')).toBeTruthy();
    expect(callsTo('PUT', '/api/dashboard/sites/course')).toHaveLength(0);

    const green = markerTitled(map(), 'Green of hole 1')!;
    act(() => {
      green.setLatLng(latLng(at(0, 250)[1], at(0, 250)[0]));
      green.fire('dragend');
    });
    // The toast host shows one message at a time: the first one goes, so the server's can show.
    act(() => dismissAllToasts());
    fireEvent.click(button('course-save'));
    expect(await screen.findByText(/Hole 1: the fairway must start at the tee/)).toBeTruthy();
    expect(button('course-save').disabled).toBe(false);
  });

  it('asks before Cancel or Close drop unsaved changes, and deletes a hole only in the draft', async () => {
    const { onClose, callsTo } = renderMap({ editor: true, holes: [hole(1, 0), hole(2, 100)] });
    await waitFor(() => expect(labels()).toEqual(['1', '2']));
    fireEvent.change(screen.getByTestId('course-hole'), { target: { value: '2' } });
    fireEvent.click(button('course-delete-hole'));
    await waitFor(() => expect(labels()).toEqual(['1']));

    fireEvent.click(screen.getByTestId('course-close'));
    expect(await screen.findByText('Discard changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(button('course-cancel'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(labels()).toEqual(['1', '2']));
    expect(button('course-save').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('course-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(callsTo('PUT', '/api/dashboard/sites/course')).toHaveLength(0);
  });

  it('has no serious or critical axe violation with a hole selected', async () => {
    renderMap({ editor: true, holes: [hole(1, 0), hole(2, 100)] });
    await waitFor(() => expect(labels()).toEqual(['1', '2']));
    fireEvent.change(screen.getByTestId('course-hole'), { target: { value: '1' } });
    // Contrast needs real layout and colours, which jsdom has not (the Playwright check covers it).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
