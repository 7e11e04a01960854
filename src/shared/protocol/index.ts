export * from './messages';
export * from './rpc';
