import { useI18n } from '../i18n/I18nProvider';
import { formatPercent } from '../lib/format';

/** The cart's battery: a drawn gauge (decorative) and the percentage, and 'Charging' while it charges. */
export function BatteryIndicator({ percent, charging }: { percent: number | null; charging: boolean }) {
  const { t, locale } = useI18n();
  if (percent === null && !charging) return null;
  const level = percent === null ? 1 : Math.min(100, Math.max(0, percent)) / 100;
  const low = percent !== null && percent < 20;
  return (
    <div className="rd-battery">
      <svg viewBox="0 0 28 14" aria-hidden="true" focusable="false">
        <rect
          x="0.75"
          y="0.75"
          width="23.5"
          height="12.5"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
        <rect x="25" y="4" width="2.5" height="6" rx="1" fill="currentColor" />
        <rect
          x="2.5"
          y="2.5"
          width={20 * level}
          height="9"
          rx="1"
          fill={low ? 'var(--rd-error)' : 'var(--rd-success)'}
        />
        {charging && (
          <path d="M13 1.5 8.5 7.5h4l-1.5 5 4.5-6h-4z" fill="#fff" stroke="#000" strokeWidth="0.6" />
        )}
      </svg>
      <span>
        {percent !== null && t('cart.battery', { percent: formatPercent(percent, locale) })}
        {percent !== null && charging && ' · '}
        {charging && t('cart.charging')}
      </span>
    </div>
  );
}
