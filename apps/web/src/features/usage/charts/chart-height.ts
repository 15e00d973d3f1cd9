/** Spec §9: charts are 300 px high. Every state of a chart keeps that height, so the page does not jump. */
export const CHART_HEIGHT = 300;
