const EARTH_RADIUS_METRES = 6_371_008.8;
const RADIANS = Math.PI / 180;
/** Cell indices are kept within ±2^14 of the origin, so a cell's key is a small integer (a fast Set). */
const HALF_SPAN = 1 << 14;

/**
 * The ground a trail already covers, on a square grid in metres around an origin (a golf course is small
 * enough for a flat projection). A cart that left the grid (more than ~80 km away: carried on a trailer,
 * a wild fix) is simply never covered.
 */
export class CoverageGrid {
  private readonly cells = new IntSet();
  private readonly xScale: number;
  private readonly yScale = EARTH_RADIUS_METRES * RADIANS;

  constructor(
    private readonly cellMetres: number,
    private readonly radiusCells: number,
    private readonly originLat: number,
    private readonly originLng: number,
  ) {
    this.xScale = this.yScale * Math.cos(originLat * RADIANS);
  }

  /** Metres east of the origin. */
  x(lng: number): number {
    return (lng - this.originLng) * this.xScale;
  }

  /** Metres north of the origin. */
  y(lat: number): number {
    return (lat - this.originLat) * this.yScale;
  }

  covered(x: number, y: number): boolean {
    const cx = Math.floor(x / this.cellMetres);
    const cy = Math.floor(y / this.cellMetres);
    return inside(cx, cy) && this.cells.has(key(cx, cy));
  }

  /** Marks the cells around a point driven. */
  mark(x: number, y: number): void {
    const cx = Math.floor(x / this.cellMetres);
    const cy = Math.floor(y / this.cellMetres);
    const r = this.radiusCells;
    if (!inside(cx - r, cy - r) || !inside(cx + r, cy + r)) return;
    for (let i = cx - r; i <= cx + r; i++) {
      for (let j = cy - r; j <= cy + r; j++) this.cells.add(key(i, j));
    }
  }
}

const inside = (cx: number, cy: number) =>
  cx >= -HALF_SPAN && cx < HALF_SPAN && cy >= -HALF_SPAN && cy < HALF_SPAN;
const key = (cx: number, cy: number) => (cx + HALF_SPAN) * 2 * HALF_SPAN + (cy + HALF_SPAN);

/**
 * A set of non-negative integers by open addressing in a typed array: the walk over months of trails
 * asks it millions of times, about three times faster than a `Set<number>`.
 */
class IntSet {
  /** key + 1 per slot, 0 when empty */
  private slots = new Int32Array(1 << 12);
  /** 32 − log2(slots): the hash's top bits pick the slot (its low bits spread neighbours poorly) */
  private shift = 20;
  private size = 0;

  has(value: number): boolean {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = Math.imul(value, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      const slot = slots[i]!;
      if (slot === 0) return false;
      if (slot === value + 1) return true;
    }
  }

  add(value: number): void {
    if (this.size * 2 >= this.slots.length) this.grow();
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = Math.imul(value, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      const slot = slots[i]!;
      if (slot === value + 1) return;
      if (slot === 0) {
        slots[i] = value + 1;
        this.size++;
        return;
      }
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.shift--;
    this.size = 0;
    for (const slot of old) if (slot !== 0) this.add(slot - 1);
  }
}
