/**
 * The public surface of features/course: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { CourseEditor } from './components/CourseEditor';
export { CourseLayer } from './components/CourseLayer';
export { CourseLayerToggle } from './components/CourseLayerToggle';
