/**
 * The public surface of features/damage-reports (issue 23, guests' problem reports): what other features
 * and the app may import from it (docs/architecture.md, "The web app"); the rest of the folder is its own.
 */
export { DamageReportAlerts } from './DamageReportAlerts';
export { DamageReportsSection } from './components/DamageReportsSection';
export { OpenReportsBadge } from './components/OpenReportsBadge';
export { useOpenReportCounts } from './use-open-report-counts';
