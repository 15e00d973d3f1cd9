export type { Course, Hole } from './course';
export { courseCentre, courseCentreLatLong } from './course';
export { DEMO_COURSE } from './st-andrews';
export { SECOND_COURSE } from './karlstejn';
