/**
 * The numbers that keep ride history small and fast, chosen with bench/history.ts (docs/performance.md,
 * "Ride history"): six months of a 40-cart fleet must answer in well under 500 ms and under 2 MB.
 */
export const HISTORY_SETTINGS = {
  /**
   * Only reports at this speed or more (km/h) count: a parked cart reports every 15 s all night, which
   * would bury the traffic on the course under one hot spot at the cart barn.
   */
  movingKmh: 1,
  /** A drive ends after this long without a moving report (a lost connection, the end of a round). */
  maxGapMs: 5 * 60_000,
  /** …or at a jump this long between two reports (a lost fix; carts do not cover 250 m in a few seconds). */
  maxJumpMetres: 250,
  /**
   * A cart laps the same course all day, every day: its trail keeps a stretch once and leaves out every
   * later pass within about 10 m of it (grid cells of 5 m, marked 2 cells around each point driven).
   * This, not simplification, is what makes months small: it bounds a trail by the area driven, not by the
   * hours driven.
   */
  coverCellMetres: 5,
  coverRadiusCells: 2,
  /**
   * Douglas–Peucker tolerance, about the accuracy of the GPS fixes themselves (a few pixels at the map's
   * default zoom): a tighter one keeps the fixes' noise and doubles what is stored and sent.
   */
  toleranceMetres: 3,
  /**
   * At most this many trail points in one answer (~23 bytes each in JSON); beyond it the tolerance doubles
   * until they fit, so a fleet that roams far and wide still answers under 2 MB.
   */
  maxTrailPoints: 60_000,
  /**
   * Days not rolled up are read from raw positions: today, perhaps yesterday, the cut ends of a range. A
   * range with more of them (the job has not caught up yet after an install or an outage) is answered only
   * while they hold at most this many moving reports (~3 days of 40 carts); beyond, 503 rather than millions
   * of rows in one request.
   */
  maxRawReports: 500_000,
  /** Heatmap grid, in degrees: 0.0001° is 11 m north–south, 6–8 m east–west at European latitudes. */
  heatCellDegrees: 0.0001,
  /** At most this many heat cells in one answer, the busiest (~25 bytes each in JSON). */
  maxHeatCells: 60_000,
} as const;
