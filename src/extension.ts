// Entry point: wires the store, the views, the commands, diagnostics and the sample viewer together.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorApi } from './api';
import { registerCommands } from './commands';
import { registerHumanBaseline } from './commands/humanBaseline';
import { discardPendingUndos } from './commands/rescore';
import { TimeSlicer } from './core';
import { createDiagnostics } from './diagnostics/problems';
import { COMMANDS, SETTINGS } from './ids';
import { activationFinished, activationStarted, extensionStats, markStageOnce } from './perf/extensionStats';
import { detectInFolders, detectionStoppedMessage, detectLimitsWith } from './store/detect';
import { FieldMappings } from './store/fieldMappings';
import { watchNewResultFiles } from './store/resultFileWatcher';
import { restoreSession, saveSession } from './store/session';
import { InspectorStore } from './store/store';
import { unsavedTextOf } from './store/unsavedText';
import { registerAudit } from './panels/audit';
import { registerCompare } from './panels/compare';
import { createCompareHost } from './panels/compare/compareHost';
import { registerViewer } from './panels/viewer';
import { createViewerHost } from './panels/viewer/viewerHost';
import { registerScoreboard } from './panels/scoreboard';
import { createScoreboardHost } from './panels/scoreboard/scoreboardHost';
import { createDiagnosisHost } from './commands/diagnosisFilter';
import { keepFilterFileDiagnosed } from './store/filterDiagnosis';
import { registerTargetFrames } from './commands/targetFrames';
import { createQuestionsView } from './sidebar/questionsView';
import { createResultsView } from './sidebar/resultsView';
import { createStatusBar } from './sidebar/statusBar';

/** Context keys used in package.json `when` clauses. */
export const CONTEXT_KEYS = {
  hasDataset: 'gstBench.hasDataset',
  hasResults: 'gstBench.hasResults',
  filterActive: 'gstBench.filterActive',
} as const;

/** Store changes come in bursts (a load fires several); the remembered session is written once after. */
const SESSION_SAVE_DEBOUNCE_MS = 500;

export function activate(context: vscode.ExtensionContext): InspectorApi {
  const started = Date.now();
  activationStarted();
  const log = vscode.window.createOutputChannel('GST-Bench', { log: true });
  const store = new InspectorStore(log, new FieldMappings(context.workspaceState));
  const questions = createQuestionsView(store);
  const results = createResultsView(store);
  const statusBar = createStatusBar(store);
  context.subscriptions.push(log, store, questions, results, statusBar, createDiagnostics(store));

  const audit = registerAudit(store, log);
  context.subscriptions.push(audit);
  const targetFrames = registerTargetFrames(context, store, log);
  context.subscriptions.push(targetFrames);
  const viewerDiagnosis = {
    profile: () => store.profile(),
    frameSampling: () => store.frameSampling(),
    lineFrames: (id: string) => store.diagnosis.lineFrames(id),
    targetFrames: targetFrames.targetFrames,
    onDidChangeTargetFrames: targetFrames.onDidChangeTargetFrames,
  };
  const viewer = registerViewer(context, createViewerHost(store, viewerDiagnosis), log, audit.viewer);
  context.subscriptions.push(statusBar.hideWhileBlind(viewer));
  const scoreboard = registerScoreboard(
    context,
    createScoreboardHost(store, () => store.profile(), createDiagnosisHost(store)),
    log,
  );
  // A click on a question row both selects it and runs its command (Enter runs it too): only the command opens it.
  const showQuestion = (uid: string) => {
    store.slices.selection.select(uid);
    viewer.show(uid);
  };
  const compareHost = createCompareHost(store, {
    options: () => ({ profile: store.profile(), reader: store.reader(), fields: store.fields() }),
    showQuestion: (uid) => showQuestion(uid),
    unsavedText: unsavedTextOf,
    diagnosis: createDiagnosisHost(store),
  });
  const compare = registerCompare(context, compareHost, log);
  context.subscriptions.push(compare);
  context.subscriptions.push(keepFilterFileDiagnosed(store, (id) => store.diagnosis.ensure(id)));
  // The tree follows the selection when the viewer moves (j, k, n).
  context.subscriptions.push(store.slices.selection.onDidChange((e) => questions.reveal(e.uid)));

  // Settings: configured dataset paths, field mapping, scoring profile.
  let configured = new Set<string>();
  const applyDatasetSetting = () => {
    const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const raw = vscode.workspace.getConfiguration().get<unknown>(SETTINGS.datasets);
    const paths = new Set(
      (Array.isArray(raw) ? raw : [])
        .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
        .map((p) => (path.isAbsolute(p) || !base ? path.resolve(p) : path.resolve(base, p))),
    );
    for (const p of configured) if (!paths.has(p)) store.removeDatasetSource(p, 'setting');
    for (const p of paths) if (!configured.has(p)) void store.addDataset(p, 'setting');
    configured = paths;
  };
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS.datasets)) applyDatasetSetting();
      if (
        e.affectsConfiguration(SETTINGS.uidField) ||
        e.affectsConfiguration(SETTINGS.predictionField) ||
        e.affectsConfiguration(SETTINGS.scoringProfile) ||
        e.affectsConfiguration(SETTINGS.parsingReader)
      )
        void store.reevaluateResults();
      if (e.affectsConfiguration(SETTINGS.diagnosisFrameSampling)) store.diagnosis.recompute();
      if (e.affectsConfiguration(SETTINGS.detectionMaxJsonlFiles)) void detect(); // a raised limit finds the rest
    }),
  );

  // Auto-detection in workspace folders (bounded; see store/detect.ts).
  const detect = async () => {
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    if (folders.length === 0) return;
    const t0 = Date.now();
    const limits = detectLimitsWith(vscode.workspace.getConfiguration().get<unknown>(SETTINGS.detectionMaxJsonlFiles));
    const found = await detectInFolders(folders, store.fields(), limits);
    markStageOnce('detection.done');
    log.info(
      `auto-detection: ${found.datasets.length} dataset(s), ${found.results.length} result file(s) in ${Date.now() - t0} ms${found.stoppedBy ? ` (stopped at the ${found.stoppedBy} limit)` : ''}`,
    );
    const stopped = detectionStoppedMessage(found, limits);
    if (stopped) void offerAfterStoppedSearch(stopped, found.stoppedBy === 'jsonlFiles');
    // Each add updates the views and starts a watcher: 25 at once were a long stretch of the first load.
    const slicer = new TimeSlicer();
    const loads = found.datasets.map((d) => store.addDataset(d, 'detected'));
    for (const f of found.results) {
      if (!store.result(f)) loads.push(store.addResult(f));
      if (slicer.due()) await slicer.pause();
    }
    await Promise.all(loads);
  };
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(() => void detect()),
    watchNewResultFiles(store, log),
  );

  // Context keys and the remembered session follow the store.
  // Sent only when a key's value changes: the store changes many times a second while files load, and each
  // setContext is a round trip to the workbench.
  const contextSent = new Map<string, boolean>();
  const setContext = (key: string, value: boolean) => {
    if (contextSent.get(key) === value) return;
    contextSent.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  };
  const syncContext = () => {
    setContext(CONTEXT_KEYS.hasDataset, store.hasDataset());
    setContext(CONTEXT_KEYS.hasResults, store.results().length > 0);
    setContext(CONTEXT_KEYS.filterActive, store.filterActive());
  };
  let restoring = true;
  let saveTimer: NodeJS.Timeout | undefined;
  context.subscriptions.push(
    store.onDidChange(() => {
      syncContext();
      if (restoring) return;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => void saveSession(context.workspaceState, store), SESSION_SAVE_DEBOUNCE_MS);
    }),
    { dispose: () => clearTimeout(saveTimer) },
  );
  syncContext();

  context.subscriptions.push(...registerCommands({ context, store, log, showQuestion: (uid) => showQuestion(uid), detect }));
  context.subscriptions.push(...registerHumanBaseline({ context, store, viewer, log, showQuestion }));

  // Initial loads: the API's whenIdle() waits for these.
  const initial = (async () => {
    await restoreSession(context.workspaceState, store);
    restoring = false;
    applyDatasetSetting();
    await detect();
  })().catch((e) => log.error(`initial load failed: ${(e as Error).message}`));
  log.info(`activated in ${Date.now() - started} ms`);
  activationFinished();

  return {
    questionsTree: async (depth) => questions.provider.snapshot(depth),
    resultsTree: async () => results.provider.snapshot(),
    questionsDescription: () => questions.treeView.description,
    whenIdle: async () => {
      await initial;
      await store.whenIdle();
      await questions.idle();
    },
    viewerQuestion: () => viewer.currentUid(),
    auditFiles: () => store.slices.audit.all().map((s) => s.file),
    viewerBlind: () => viewer.isBlind(),
    comparedResults: () => store.slices.comparison.compared(),
    compareSent: () => compare.lastSent(),
    compareSettled: () => compare.settled(),
    statusBarText: () => statusBar.shownText(),
    stats: (options) => extensionStats(options),
    scoreboard: () => ({ open: scoreboard.isOpen(), model: scoreboard.session.current(), display: scoreboard.session.currentDisplay() }),
  };
}

/** Removes the previous bytes kept for Undo of a rescore: once the extension stops, nobody can undo. */
export function deactivate(): Promise<void> {
  return discardPendingUndos();
}

/** A search that stopped early says so, with the ways to get what it did not reach. */
async function offerAfterStoppedSearch(message: string, byFileCount: boolean): Promise<void> {
  const load = 'Load Result File…';
  const raise = 'Raise the Limit';
  const choice = await vscode.window.showWarningMessage(message, ...(byFileCount ? [raise, load] : [load]));
  if (choice === load) await vscode.commands.executeCommand(COMMANDS.loadResultFile);
  if (choice === raise) await vscode.commands.executeCommand('workbench.action.openSettings', SETTINGS.detectionMaxJsonlFiles);
}
