import type { ReactNode } from 'react';
import { LabelledFact, LabelledFacts } from '../../../components/LabelledFacts';

/** A description list of a ride's facts, side by side as the pane's width allows. */
export function RideFacts({ children, minWidth = 150 }: { children: ReactNode; minWidth?: number }) {
  return (
    <LabelledFacts minWidth={minWidth} rowGap={1.5}>
      {children}
    </LabelledFacts>
  );
}

/** One labelled fact of a ride (start, duration, driver …); `wide` takes the whole row. */
export function RideFact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <LabelledFact label={label} size="detail" wide={wide}>
      {children}
    </LabelledFact>
  );
}
