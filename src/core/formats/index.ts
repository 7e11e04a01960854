// Result files of other harnesses: adapters, detection, the join to dataset uids, and evaluation/rescore of any format.
export * from '../../shared/formats/types';
export * from '../../shared/formats/info';
export { ADAPTERS, adapterByName, isLineAdapter, type LineAdapter } from './adapters';
export { detectFormat, classifyLineObject, NotAResultFileError, UnknownLayoutError, type Detection } from './detect';
export { Joiner, requestUidsFromLines, type JoinOptions, type JoinResult, type JoinRule } from './join';
export {
  convertResultFile,
  evaluateResultFile,
  evaluateResultFileWithSettings,
  formatInfoOf,
  formatOptionsFromSettings,
  rescoreResultFile,
  rescoreResultText,
  sidecarPath,
  SIDECAR_SUFFIX,
  type FormatEvaluation,
  type FormatOptions,
  type FormatRescore,
  type RescoreControls,
  type SidecarState,
} from './engine';
export { fieldsOfFile, leafFields, type FieldChoice } from './fields';
export { summarizeResultFile, type FileSummary, type FileSummaryResult } from './fileSummaries';
export { loadResultFileOfAnyFormat } from './resultSets';
