import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

interface BatteryIconProps extends Omit<SvgIconProps, 'children'> {
  /** Icon step 0–95 (spec §9), or null for an outline without a fill (charge unknown or not shown). */
  step: number | null;
  charging?: boolean;
}

/** Inner width of the battery body in viewBox units; the fill grows over it. */
const BODY = 14;

/**
 * A horizontal battery drawn to the spec's 5 % icon steps, which no icon font has. The top step (95)
 * draws full: it is the "full battery" icon of the set.
 */
export function BatteryIcon({ step, charging = false, ...props }: BatteryIconProps) {
  const fill = step === null ? 0 : step >= 95 ? BODY : (BODY * step) / 100;
  return (
    <SvgIcon viewBox="0 0 24 24" {...props}>
      <rect x="2" y="7" width="18" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="20.5" y="10" width="2" height="4" rx="0.5" />
      {fill > 0 && <rect data-testid="battery-fill" x="4" y="9" width={fill} height="6" rx="0.5" />}
      {charging && <path d="M12.6 8.2 8.6 12.4h2.6l-.8 3.4 4-4.4h-2.6z" />}
    </SvgIcon>
  );
}
