export * from './rpc';
export * from './viewer';
export * from './panels';
export * from './viewerAudit';
export * from './blind';
export * from './compare';
export * from './scoreboard';
export * from './diagnosis';
