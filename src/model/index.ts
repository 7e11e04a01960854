// Pure view logic of the extension (no vscode import): tree building, labels, filter and sort, status looks.
export * from './status';
export * from './labels';
export * from './filter';
export * from './questionTree';
export * from './resultsModel';
export * from './auditFilter';
export * from './tooltip';
export * from './diagnosisFilter';
