import type { TFunction } from 'i18next';
import type { HistoryMode, RideHistory, RideHistoryQuery } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/date-format';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { useSite } from '../../sites';
import { isHistoryNotReady, useRideHistory } from '../api/get-ride-history';
import { historyRangeBounds, type HistoryRange } from '../lib/history-range';
import { HistoryHeatmap } from './HistoryHeatmap';
import { HistoryToolbar, type HistoryStatus } from './HistoryToolbar';
import { HistoryTrails } from './HistoryTrails';

interface HistoryLayerProps {
  siteId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The ride-history toolbar and its map layers (spec §2 Map), rendered inside the MapContainer while `open`.
 * The mode and period stay chosen while the page lives, so reopening shows the same view, brought up to date.
 */
export function HistoryLayer({ siteId, open, onClose }: HistoryLayerProps) {
  const [mode, setMode] = useState<HistoryMode>('trail');
  const [range, setRange] = useState<HistoryRange>('today');
  if (!open) return null;
  return (
    <OpenHistory
      siteId={siteId}
      mode={mode}
      onModeChange={setMode}
      range={range}
      onRangeChange={setRange}
      onClose={onClose}
    />
  );
}

interface OpenHistoryProps {
  siteId: string;
  mode: HistoryMode;
  onModeChange: (mode: HistoryMode) => void;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  onClose: () => void;
}

function OpenHistory({ siteId, mode, onModeChange, range, onRangeChange, onClose }: OpenHistoryProps) {
  const { t, i18n } = useTranslation();
  // Ranges end "now": fixed when a period is picked (or the toolbar opens), so the query key holds still.
  const [askedAt, setAskedAt] = useState(() => Date.now());
  // The map page has loaded the site before it shows the map; without it the browser's zone stands in.
  const timeZone = useSite(siteId).data?.timezone ?? '';
  const bounds = useMemo(
    () => historyRangeBounds(range, new Date(askedAt), timeZone),
    [range, askedAt, timeZone],
  );
  const query: RideHistoryQuery = { mode, start: bounds.start.toISOString(), end: bounds.end.toISOString() };
  const history = useRideHistory(siteId, query);
  const answer = history.data?.mode === mode ? history.data : undefined;

  const period = useMemo(
    () => formatPeriod(bounds.start, bounds.end, i18n.language, timeZone),
    [bounds, i18n.language, timeZone],
  );

  let status: HistoryStatus;
  if (history.isError && !history.isFetching)
    status = { kind: 'error', message: errorMessage(history.error, t) };
  else if (!answer) status = { kind: 'loading' };
  else if (isEmpty(answer)) status = { kind: 'empty' };
  else status = { kind: 'ready', carts: answer.mode === 'trail' ? answer.carts.length : null };

  return (
    <>
      {answer?.mode === 'trail' && <HistoryTrails carts={answer.carts} />}
      {answer?.mode === 'heatmap' && answer.points.length > 0 && <HistoryHeatmap points={answer.points} />}
      {/* Below the map's History and Zones buttons, which share the top-left corner. */}
      <MapOverlay corner="top-left" offset={{ top: 60 }}>
        <HistoryToolbar
          mode={mode}
          onModeChange={onModeChange}
          range={range}
          onRangeChange={(next) => {
            onRangeChange(next);
            setAskedAt(Date.now());
          }}
          period={period}
          status={status}
          fetching={history.isFetching}
          onRetry={() => void history.refetch()}
          onClose={onClose}
        />
      </MapOverlay>
    </>
  );
}

const isEmpty = (answer: RideHistory) =>
  answer.mode === 'trail' ? answer.carts.length === 0 : answer.points.length === 0;

// Typed with i18next's plain TFunction: the app's full key union makes the hook's own type too deep to check.
function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('history.loadFailed');
  if (isHistoryNotReady(error)) return t('history.notReady');
  return error.kind === 'http' ? `${t('history.loadFailed')}: ${error.message}` : error.message;
}

/** "21/05/2026 – 21/11/2026" in the interface language's date style, as the site's calendar has it. */
function formatPeriod(start: Date, end: Date, locale: string, timeZone: string): string {
  const zone = timeZone || undefined;
  return `${formatDate(start, locale, zone)} – ${formatDate(end, locale, zone)}`;
}
