export * from './rpc';
export * from './viewer';
