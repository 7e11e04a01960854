export * from './emitter';
export * from './datasets';
export * from './results';
export * from './comparison';
export * from './filter';
export * from './selection';
export * from './audit';
export * from './diagnosis';
