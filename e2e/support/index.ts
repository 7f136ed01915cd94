export * from './accounts';
export * from './availability';
export * from './env';
export * from './locale';
export * from './snap';
export * from './ui';
export * from './wallet';
