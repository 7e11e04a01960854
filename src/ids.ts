// Every contributed id in one place; package.json must use the same strings (a unit test checks this).
export const EXTENSION_ID = 'gst-bench.gst-bench-inspector';

export const VIEW_CONTAINER = 'gstBench';
export const VIEWS = {
  questions: 'gstBench.questions',
  results: 'gstBench.results',
} as const;

export const VIEWER_PANEL_TYPE = 'gstBench.viewer';
export const COMPARE_PANEL_TYPE = 'gstBench.compare';
export const SCOREBOARD_PANEL_TYPE = 'gstBench.scoreboard';

export const COMMANDS = {
  openDatasetFolder: 'gstBench.openDatasetFolder',
  openDemoDataset: 'gstBench.openDemoDataset',
  loadResultFile: 'gstBench.loadResultFile',
  rescoreResultFile: 'gstBench.rescoreResultFile',
  setActiveResult: 'gstBench.setActiveResult',
  toggleCompareResult: 'gstBench.toggleCompareResult',
  unloadResultFile: 'gstBench.unloadResultFile',
  filterStatus: 'gstBench.filterStatus',
  filterScene: 'gstBench.filterScene',
  filterText: 'gstBench.filterText',
  sortOrder: 'gstBench.sortOrder',
  clearFilter: 'gstBench.clearFilter',
  refresh: 'gstBench.refresh',
  openQuestion: 'gstBench.openQuestion',
  showOutput: 'gstBench.showOutput',
  setFieldMapping: 'gstBench.setFieldMapping',
  clearFieldMapping: 'gstBench.clearFieldMapping',
  viewerNext: 'gstBench.viewer.next',
  viewerPrevious: 'gstBench.viewer.previous',
  viewerNextFailure: 'gstBench.viewer.nextFailure',
  exportAuditReport: 'gstBench.exportAuditReport',
  startHumanBaseline: 'gstBench.startHumanBaseline',
  showHumanBaselineResult: 'gstBench.showHumanBaselineResult',
  pauseHumanBaseline: 'gstBench.pauseHumanBaseline',
  compareResults: 'gstBench.compareResults',
  showScoreboard: 'gstBench.showScoreboard',
  showInScoreboard: 'gstBench.showInScoreboard',
  exportScoreboard: 'gstBench.exportScoreboard',
  findTargetFrames: 'gstBench.findTargetFrames',
} as const;

export const SETTINGS = {
  datasets: 'gstBench.datasets',
  uidField: 'gstBench.results.uidField',
  predictionField: 'gstBench.results.predictionField',
  scoringProfile: 'gstBench.scoring.profile',
  parsingReader: 'gstBench.parsing.reader',
  auditFile: 'gstBench.audit.file',
  auditReviewer: 'gstBench.audit.reviewer',
  detectionMaxJsonlFiles: 'gstBench.detection.maxJsonlFiles',
  diagnosisFrameSampling: 'gstBench.diagnosis.frameSampling',
  detectTargetFrames: 'gstBench.diagnosis.detectTargetFrames',
} as const;
