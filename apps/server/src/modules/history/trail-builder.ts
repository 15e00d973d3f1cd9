import { simplifyTrail, type TrailCoordinate } from '@fairway/domain';
import { CoverageGrid } from './coverage-grid';
import { HISTORY_SETTINGS } from './history.settings';

/** One moving report of a cart: epoch ms and position. */
export interface TrailReport {
  ts: number;
  lat: number;
  lng: number;
}

export type Segment = TrailCoordinate[];

const { coverCellMetres, coverRadiusCells, maxGapMs, maxJumpMetres, toleranceMetres } = HISTORY_SETTINGS;
/**
 * A point is marked as covered only once the walk is this far past it, or a cart's own last few metres
 * would count as already driven and cut every drive into pieces.
 */
const MARK_DELAY_METRES = (coverRadiusCells + 1) * coverCellMetres * Math.SQRT2;
/** Walk step: the marking radius, so a pass through covered ground is seen wherever it crosses it. */
const STEP_METRES = coverRadiusCells * coverCellMetres;
/** Beyond this, simplifying further would no longer draw a golf course's paths. */
const MAX_BUDGET_TOLERANCE_METRES = 100;

/**
 * One cart's trail of one day (or part of one) from its time-ordered moving reports: split into drives at
 * pauses and jumps, every stretch it had already driven left out, simplified. The roll-up stores exactly
 * this, and the history answer computes the same for what is not rolled up yet, so both cover the same
 * ground.
 */
export function dayTrail(reports: readonly TrailReport[]): Segment[] {
  return simplifyRuns(newStretches(splitIntoDrives(reports)), toleranceMetres);
}

/** A cart's trail over several days or weeks: their trails in time order, each stretch kept once. */
export function mergeDayTrails(days: ReadonlyArray<readonly Segment[]>): Segment[] {
  return simplifyRuns(newStretches(days.flat()), toleranceMetres);
}

/**
 * Simplifies again with a doubled tolerance until all trails together hold at most `maxPoints`; should
 * that not do (thousands of tiny pieces from a tracker with a bad fix), the shortest segments go.
 */
export function fitPointBudget(trails: Segment[][], maxPoints: number): Segment[][] {
  let fitted = trails;
  for (
    let tolerance = toleranceMetres * 2;
    countPoints(fitted) > maxPoints && tolerance <= MAX_BUDGET_TOLERANCE_METRES;
    tolerance *= 2
  ) {
    fitted = fitted.map((segments) => simplifyRuns(segments, tolerance));
  }
  return countPoints(fitted) > maxPoints ? keepLongest(fitted, maxPoints) : fitted;
}

export const countPoints = (trails: ReadonlyArray<readonly Segment[]>): number =>
  trails.reduce((sum, segments) => sum + segments.reduce((n, segment) => n + segment.length, 0), 0);

function splitIntoDrives(reports: readonly TrailReport[]): Segment[] {
  const drives: Segment[] = [];
  let current: Segment = [];
  let previous: TrailReport | undefined;
  for (const report of reports) {
    const broken =
      previous !== undefined &&
      (report.ts - previous.ts > maxGapMs || metresBetween(previous, report) > maxJumpMetres);
    if (broken) {
      drives.push(current);
      current = [];
    }
    current.push([report.lat, report.lng]);
    previous = report;
  }
  drives.push(current);
  return drives.filter((drive) => drive.length > 0);
}

/**
 * Walks the polylines every `STEP_METRES` and returns the stretches through ground the grid does not
 * cover yet, each joined to the covered point before and after it so the trail stays connected.
 */
function newStretches(polylines: readonly Segment[]): Segment[] {
  const origin = polylines[0]?.[0];
  if (!origin) return [];
  const grid = new CoverageGrid(coverCellMetres, coverRadiusCells, origin[0], origin[1]);
  const walker = new StretchWalker(grid);
  for (const polyline of polylines) {
    let fromLat = 0;
    let fromLng = 0;
    let fromX = 0;
    let fromY = 0;
    for (let i = 0; i < polyline.length; i++) {
      const point = polyline[i]!;
      const lat = point[0];
      const lng = point[1];
      const x = grid.x(lng);
      const y = grid.y(lat);
      if (i > 0) {
        // Sparse points (a simplified trail) are walked in steps, so a pass between them is seen too.
        const dx = x - fromX;
        const dy = y - fromY;
        const steps = Math.ceil(Math.sqrt(dx * dx + dy * dy) / STEP_METRES);
        for (let step = 1; step < steps; step++) {
          const t = step / steps;
          walker.visit(
            fromLat + (lat - fromLat) * t,
            fromLng + (lng - fromLng) * t,
            fromX + dx * t,
            fromY + dy * t,
          );
        }
      }
      walker.visit(lat, lng, x, y);
      fromLat = lat;
      fromLng = lng;
      fromX = x;
      fromY = y;
    }
    walker.endPolyline();
  }
  return walker.runs;
}

/** The walk of `newStretches`; numbers rather than tuples, as it visits millions of points for months. */
class StretchWalker {
  readonly runs: Segment[] = [];
  private run: Segment | null = null;
  private previousLat = Number.NaN;
  private previousLng = Number.NaN;
  /** Points driven but not marked yet (see MARK_DELAY_METRES), oldest first from `pendingStart`. */
  private pendingX: number[] = [];
  private pendingY: number[] = [];
  private pendingStart = 0;

  constructor(private readonly grid: CoverageGrid) {}

  visit(lat: number, lng: number, x: number, y: number): void {
    while (this.pendingStart < this.pendingX.length) {
      const dx = this.pendingX[this.pendingStart]! - x;
      const dy = this.pendingY[this.pendingStart]! - y;
      if (dx * dx + dy * dy <= MARK_DELAY_METRES * MARK_DELAY_METRES) break;
      this.grid.mark(this.pendingX[this.pendingStart]!, this.pendingY[this.pendingStart]!);
      this.pendingStart++;
    }
    if (this.grid.covered(x, y)) {
      if (this.run) {
        this.run.push([lat, lng]);
        this.runs.push(this.run);
        this.run = null;
      }
    } else {
      this.run ??= Number.isNaN(this.previousLat) ? [] : [[this.previousLat, this.previousLng]];
      this.run.push([lat, lng]);
      this.pendingX.push(x);
      this.pendingY.push(y);
    }
    this.previousLat = lat;
    this.previousLng = lng;
  }

  /** A drive ended: what it drove is covered now, and the next drive starts a run of its own. */
  endPolyline(): void {
    for (let i = this.pendingStart; i < this.pendingX.length; i++) {
      this.grid.mark(this.pendingX[i]!, this.pendingY[i]!);
    }
    this.pendingX = [];
    this.pendingY = [];
    this.pendingStart = 0;
    if (this.run) this.runs.push(this.run);
    this.run = null;
    this.previousLat = Number.NaN;
  }
}

/** Douglas–Peucker, then 6 decimals (spec §9); a run that shrinks to a single point is dropped. */
function simplifyRuns(runs: readonly Segment[], tolerance: number): Segment[] {
  const simplified: Segment[] = [];
  for (const run of runs) {
    const points = simplifyTrail(run, tolerance).map(([lat, lng]): TrailCoordinate => [
      round6(lat),
      round6(lng),
    ]);
    const distinct = points.filter((point, i) => i === 0 || !samePoint(point, points[i - 1]!));
    if (distinct.length >= 2) simplified.push(distinct);
  }
  return simplified;
}

/** The longest segments of all trails that fit `maxPoints` together, each trail keeping its order. */
function keepLongest(trails: Segment[][], maxPoints: number): Segment[][] {
  const ranked = trails
    .flatMap((segments, trail) => segments.map((segment) => ({ trail, segment, metres: lengthOf(segment) })))
    .sort((a, b) => b.metres - a.metres);
  const kept = new Set<Segment>();
  let points = 0;
  for (const { segment } of ranked) {
    if (points + segment.length > maxPoints) continue;
    kept.add(segment);
    points += segment.length;
  }
  return trails.map((segments) => segments.filter((segment) => kept.has(segment)));
}

const lengthOf = (segment: Segment) =>
  segment.reduce((metres, [lat, lng], i) => {
    if (i === 0) return 0;
    const [fromLat, fromLng] = segment[i - 1]!;
    return metres + metresBetween({ ts: 0, lat: fromLat, lng: fromLng }, { ts: 0, lat, lng });
  }, 0);

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const samePoint = (a: TrailCoordinate, b: TrailCoordinate) => a[0] === b[0] && a[1] === b[1];

const METRES_PER_DEGREE = 6_371_008.8 * (Math.PI / 180);

function metresBetween(a: TrailReport, b: TrailReport): number {
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const y = b.lat - a.lat;
  return Math.sqrt(x * x + y * y) * METRES_PER_DEGREE;
}
