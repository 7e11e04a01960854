// The GST-Bench engine for Node (the CLI and the extension host): the browser-safe shared layer, plus the
// dataset reader and result-file I/O. No `vscode` import. The webview never imports it.
export * from '../shared';
export * from './jsonText';
export * from './dataset/mediaType';
export * from './dataset/safePath';
export * from './dataset/question';
export * from './dataset/reader';
export { DatasetReadCache } from './dataset/realFolders';
export * from './results/fieldPath';
export * from './results/lines';
export * from './results/scoreLine';
export * from './results/evaluation';
export * from './results/rescore';
export * from './io/atomicWrite';
export * from './io/timeSlices';
export * from './compare/load';
export * from './compare/evaluationSets';
export * from './formats';
export * from './audit/auditFile';
export * from './audit/location';
export * from './audit/lock';
export * from './audit/reviewer';
export * from './baseline/blindFiles';
export * from './results/formatLoss';
export * from './results/parseDetail';
export * from './diagnosis/collect';
export * from './diagnosis/redBox';
export * from './diagnosis/redBoxShape';
