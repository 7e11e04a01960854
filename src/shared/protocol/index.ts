export * from './rpc';
export * from './viewer';
export * from './panels';
export * from './scoreboard';
