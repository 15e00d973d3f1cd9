export * from './topics';
export * from './messages';
