export * from './availability';
export * from './env';
export * from './snap';
