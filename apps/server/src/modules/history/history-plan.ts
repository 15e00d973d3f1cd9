/** One site day that a range touches, cut to the range, with what is rolled up of it. Times in epoch ms. */
export interface DayChunk {
  day: string;
  /** the Monday of the day's week */
  week: string;
  dayStart: number;
  dayEnd: number;
  from: number;
  to: number;
  /** how far the day is rolled up (its end, or for today the time so far); null when not at all */
  upto: number | null;
  weekRolledUp: boolean;
}

/** Where a part of the range is read from, in time order. */
export type Piece =
  { kind: 'week'; week: string } | { kind: 'day'; day: string } | { kind: 'raw'; from: Date; to: Date };

/**
 * Covers a range with the fewest reads: a week rolled up where the range holds all of it, a day's roll-up
 * where the range starts with the day and reaches at least as far as the roll-up (today's partial one,
 * then raw positions from where it ends), raw positions for everything else.
 */
export function planPieces(chunks: readonly DayChunk[]): Piece[] {
  const wholeDaysPerWeek = new Map<string, number>();
  for (const chunk of chunks) {
    if (isWhole(chunk)) wholeDaysPerWeek.set(chunk.week, (wholeDaysPerWeek.get(chunk.week) ?? 0) + 1);
  }
  const pieces: Piece[] = [];
  let lastWeek: string | null = null;
  for (const chunk of chunks) {
    if (isWhole(chunk) && chunk.weekRolledUp && wholeDaysPerWeek.get(chunk.week) === 7) {
      if (lastWeek !== chunk.week) pieces.push({ kind: 'week', week: chunk.week });
      lastWeek = chunk.week;
    } else if (
      chunk.from === chunk.dayStart &&
      chunk.upto !== null &&
      chunk.upto > chunk.from &&
      chunk.upto <= chunk.to
    ) {
      pieces.push({ kind: 'day', day: chunk.day });
      if (chunk.upto < chunk.to) pieces.push(raw(chunk.upto, chunk.to));
    } else {
      pieces.push(raw(chunk.from, chunk.to));
    }
  }
  return pieces;
}

const isWhole = (chunk: DayChunk) => chunk.from === chunk.dayStart && chunk.to === chunk.dayEnd;
const raw = (from: number, to: number): Piece => ({ kind: 'raw', from: new Date(from), to: new Date(to) });
