// Result files of other harnesses: adapters, detection, the join to dataset uids, and evaluation/rescore of any format.
export * from '../../shared/formats/types';
export { ADAPTERS, adapterByName, isLineAdapter, type LineAdapter } from './adapters';
export { detectFormat, classifyLineObject, NotAResultFileError, type Detection } from './detect';
export { Joiner, requestUidsFromLines, type JoinOptions, type JoinResult, type JoinRule } from './join';
export {
  convertResultFile,
  evaluateResultFile,
  evaluateResultFileWithSettings,
  rescoreResultFile,
  sidecarPath,
  SIDECAR_SUFFIX,
  type FormatEvaluation,
  type FormatOptions,
  type FormatRescore,
  type SidecarState,
} from './engine';
