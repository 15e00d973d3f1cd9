/**
 * The parts of features/devices that other features load on demand, by `import()`: each keeps its own chunk
 * (the battery chart brings ECharts), which a static export from index.ts would pull into the importer's.
 */
export { BatteryChart } from './components/BatteryChart';
