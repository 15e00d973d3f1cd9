import {
  LIMITS,
  MAX_FAIRWAY_POINTS,
  holeLengthMetres,
  nextHoleNumber,
  parForLength,
  type CourseHole,
} from '@fairway/domain';

/**
 * The course editor's changes to a layout, as pure functions of the hole list (each answers a new list and
 * leaves its input alone), so the map handlers stay one line each and the rules are tested without a map.
 * Positions are GeoJSON [lng, lat]; the fairway always runs from the tee (first) to the green (last), the
 * rule the server checks, so moving either end moves both.
 */
export type LngLat = [lng: number, lat: number];

const factor = 10 ** LIMITS.coordinateDecimals;
const round = (value: number): number => Math.round(value * factor) / factor;

/** Leaflet's [lat, lng] for a GeoJSON position. */
export const toLatLng = ([lng, lat]: readonly [number, number]): [number, number] => [lat, lng];

/** A position picked or dragged on the map, rounded as the server stores it. */
export const fromLatLng = (lat: number, lng: number): LngLat => [round(lng), round(lat)];

function changeHole(
  holes: readonly CourseHole[],
  number: number,
  change: (hole: CourseHole) => CourseHole,
): CourseHole[] {
  return holes.map((hole) => (hole.number === number ? change(hole) : hole));
}

/** Moves point `index` of a hole's fairway; its first point is the tee, its last the green. */
export function moveFairwayPoint(
  holes: readonly CourseHole[],
  number: number,
  index: number,
  position: LngLat,
): CourseHole[] {
  return changeHole(holes, number, (hole) => {
    const last = hole.fairway.length - 1;
    return {
      ...hole,
      tee: index === 0 ? position : hole.tee,
      green: index === last ? position : hole.green,
      fairway: hole.fairway.map((point, i) => (i === index ? position : point)),
    };
  });
}

/** The index of the fairway segment (from point i to i + 1) passing nearest `position`. */
export function nearestSegment(fairway: readonly (readonly [number, number])[], position: LngLat): number {
  // Flat around the point: a hole spans a few hundred metres, far too little for the earth's curve to matter.
  const cosLat = Math.cos((position[1] * Math.PI) / 180);
  const project = ([lng, lat]: readonly [number, number]) => [
    (lng - position[0]) * cosLat,
    lat - position[1],
  ];
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < fairway.length; i++) {
    const [ax, ay] = project(fairway[i]!) as [number, number];
    const [bx, by] = project(fairway[i + 1]!) as [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    const distance = Math.hypot(ax + t * dx, ay + t * dy);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

/**
 * Inserts `position` into the fairway segment nearest it (where the operator clicked the line). Answers the
 * new list and the new point's index, or null when the fairway already has the most points it may have.
 */
export function insertFairwayPoint(
  holes: readonly CourseHole[],
  number: number,
  position: LngLat,
): { holes: CourseHole[]; index: number } | null {
  const hole = holes.find((candidate) => candidate.number === number);
  if (!hole || hole.fairway.length >= MAX_FAIRWAY_POINTS) return null;
  const index = nearestSegment(hole.fairway, position) + 1;
  const fairway = [...hole.fairway.slice(0, index), position, ...hole.fairway.slice(index)];
  return { holes: changeHole(holes, number, (current) => ({ ...current, fairway })), index };
}

/** Only the fairway's waypoints may go; the tee and the green are its ends. */
export const isWaypoint = (hole: CourseHole, index: number): boolean =>
  index > 0 && index < hole.fairway.length - 1;

export function removeFairwayPoint(
  holes: readonly CourseHole[],
  number: number,
  index: number,
): CourseHole[] {
  return changeHole(holes, number, (hole) =>
    isWaypoint(hole, index) ? { ...hole, fairway: hole.fairway.filter((_, i) => i !== index) } : hole,
  );
}

/**
 * A new hole from a picked tee and green: the next free number, a straight fairway, and the par its length
 * suggests (the operator changes it where the club's card says otherwise). Null when the course is full.
 */
export function addHole(
  holes: readonly CourseHole[],
  tee: LngLat,
  green: LngLat,
): { holes: CourseHole[]; number: number } | null {
  const number = nextHoleNumber(holes);
  if (number === null) return null;
  const fairway = [tee, green];
  const hole: CourseHole = { number, par: parForLength(holeLengthMetres({ fairway })), tee, green, fairway };
  return { holes: [...holes, hole].sort((a, b) => a.number - b.number), number };
}

export const deleteHole = (holes: readonly CourseHole[], number: number): CourseHole[] =>
  holes.filter((hole) => hole.number !== number);

export const setPar = (holes: readonly CourseHole[], number: number, par: number): CourseHole[] =>
  changeHole(holes, number, (hole) => ({ ...hole, par }));

/** Whether two layouts are the same course (what the server would store), whatever their key order. */
export function sameLayout(a: readonly CourseHole[], b: readonly CourseHole[]): boolean {
  const canonical = (holes: readonly CourseHole[]) =>
    JSON.stringify(
      [...holes]
        .sort((x, y) => x.number - y.number)
        .map((hole) => [hole.number, hole.par, hole.tee, hole.green, hole.fairway]),
    );
  return canonical(a) === canonical(b);
}
