import type { ReactNode } from 'react';
import { LabelledFact, LabelledFacts } from '../../../components/LabelledFacts';

/** A description list of figures, side by side as room allows. */
export function RevenueFigures({ children, minWidth = 140 }: { children: ReactNode; minWidth?: number }) {
  return <LabelledFacts minWidth={minWidth}>{children}</LabelledFacts>;
}

/** One labelled figure (total, available, sent …); `prominent` is the card's headline, across the card. */
export function RevenueFigure({
  label,
  children,
  prominent = false,
}: {
  label: string;
  children: ReactNode;
  prominent?: boolean;
}) {
  return (
    <LabelledFact label={label} size={prominent ? 'headline' : 'figure'} wide={prominent}>
      {children}
    </LabelledFact>
  );
}
