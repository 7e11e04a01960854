export * from './rpc';
export * from './viewer';
export * from './blind';
