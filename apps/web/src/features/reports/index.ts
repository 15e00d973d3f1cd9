/**
 * The public surface of features/reports: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { dayToLocalDate, REPORT_PRESETS, type ReportPreset } from './lib/report-range';
export { useRangeChoice } from './use-range-choice';
export { useReportRange, type ReportRange } from './use-report-range';
