export * from './constants';
export * from './visibility';
export * from './formatPatterns';
export * from './chiSquare';
export * from './diagnose';
export * from './report';
