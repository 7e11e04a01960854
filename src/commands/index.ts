// Registers every GST-Bench command except the viewer's own (src/panels/viewer registers those).
// Commands take optional arguments so menus and tests can skip the prompts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SortOrder } from '../api';
import { COMMANDS, VIEWS } from '../ids';
import { isSortOrder, SORT_ORDERS } from '../model';
import type { InspectorStore } from '../store/store';
import { demoWorkingCopy } from './demoCopy';
import { filterPatch, filterPickItems, isFilterChoice, type FilterChoice } from './filterPick';
import { activeDiagnosisPick } from './diagnosisFilter';
import { isSceneArgument, isString, ownArgument, ownChoice } from './menuArgs';
import { clearFieldMappingCommand, offerFieldMapping, setFieldMappingCommand } from './fieldMapping';
import { rescoreCommand } from './rescore';
import { fileOf, filesOf, pickResultFiles } from './targets';

/** The demo dataset inside the extension, and its result files (the first is made active). */
const DEMO_FOLDER = ['examples', 'demo'];
const DEMO_RESULTS = ['noisy-oracle', 'random', 'template-b'].map((n) => `results/${n}.jsonl`);

export interface CommandDeps {
  context: vscode.ExtensionContext;
  store: InspectorStore;
  log: vscode.LogOutputChannel;
  showQuestion(uid: string): void;
  /** Re-runs the workspace auto-detection. */
  detect(): Promise<void>;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { context, store, log } = deps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- VS Code passes whatever its caller gave; each handler checks its own
  const reg = (id: string, fn: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, fn);
  const focusQuestions = () => void vscode.commands.executeCommand(`${VIEWS.questions}.focus`).then(undefined, () => undefined);

  return [
    reg(COMMANDS.openDatasetFolder, async (arg?: unknown) => {
      let target = fileOf(arg);
      if (!target) {
        const picked = await vscode.window.showOpenDialog({
          canSelectFolders: true,
          canSelectFiles: false,
          canSelectMany: false,
          openLabel: 'Open Dataset',
        });
        target = picked?.[0]?.fsPath;
      }
      if (!target) return;
      if (!fs.existsSync(target)) {
        void vscode.window.showErrorMessage(`GST-Bench: no such folder: ${target}`);
        return;
      }
      await store.addDataset(target, 'user');
      focusQuestions();
      const d = store.datasets().find((e) => e.path === path.resolve(target!));
      if (d?.dataset && d.dataset.questions.length === 0)
        void vscode.window.showWarningMessage(
          `GST-Bench: no questions found in ${target} (expected sub-folders with question.json, or one annotations file).`,
        );
    }),

    reg(COMMANDS.openDemoDataset, async () => {
      const bundled = vscode.Uri.joinPath(context.extensionUri, ...DEMO_FOLDER).fsPath;
      if (!fs.existsSync(bundled)) {
        void vscode.window.showErrorMessage(`GST-Bench: the demo dataset is missing from the extension (${DEMO_FOLDER.join('/')}).`);
        return;
      }
      const demo = await demoWorkingCopy(bundled, context.globalStorageUri.fsPath);
      const loading = [store.addDataset(demo, 'demo')];
      DEMO_RESULTS.forEach((rel, i) => {
        const file = path.join(demo, rel);
        if (fs.existsSync(file)) loading.push(store.addResult(file, { makeActive: i === 0 }));
      });
      await Promise.all(loading);
      focusQuestions();
    }),

    reg(COMMANDS.loadResultFile, async (arg?: unknown, multi?: unknown) => {
      let files = filesOf(arg, multi);
      if (files.length === 0) files = await pickResultFiles(true);
      await Promise.all(files.map((f, i) => store.addResult(f, { makeActive: i === 0 && files.length === 1 && !store.activeResult() })));
      offerFieldMapping(store, files);
    }),

    reg(COMMANDS.rescoreResultFile, (arg?: unknown) => rescoreCommand(store, log, arg)),

    reg(COMMANDS.setActiveResult, (arg: unknown) => {
      const f = fileOf(arg);
      if (f) store.setActive(f);
    }),

    reg(COMMANDS.toggleCompareResult, (arg: unknown) => {
      const f = fileOf(arg);
      const r = f ? store.result(f) : undefined;
      if (r) store.setCompared(r.id, !r.compared);
    }),

    reg(COMMANDS.unloadResultFile, (arg: unknown) => {
      const f = fileOf(arg);
      if (f) store.unloadResult(f);
    }),

    reg(COMMANDS.filterStatus, async (arg?: unknown) => {
      let choice: FilterChoice | undefined = ownChoice(arg, isFilterChoice, 'status, audit or diagnosis filter');
      const active = store.activeResult();
      if (choice === undefined) {
        const diagnosis = await activeDiagnosisPick(store);
        const picked = await vscode.window.showQuickPick(filterPickItems(store.filter, diagnosis), {
          title: 'Filter Questions by Status, Audit or Diagnosis',
          placeHolder: store.activeResult()
            ? 'Status or diagnosis class under the active result file, or audit state'
            : 'No result file is active: of the statuses only "All" and "No prediction" match questions',
        });
        choice = picked?.value;
      }
      if (choice === undefined) return;
      store.setFilter(filterPatch(choice, active?.id));
    }),

    reg(COMMANDS.filterScene, async (arg?: unknown) => {
      let scene = ownArgument(arg, isSceneArgument);
      if (scene === undefined) {
        const all = { label: 'All scenes', value: null as string | null };
        const picked = await vscode.window.showQuickPick(
          [
            all,
            ...store.tree().scenes.map((s) => ({
              label: s,
              value: s as string | null,
              description: s === store.filter.scene ? '(current)' : undefined,
            })),
          ],
          { title: 'Filter Questions by Scene' },
        );
        if (!picked) return;
        scene = picked.value;
      }
      store.setFilter({ scene: scene === null || scene === '' ? undefined : scene });
    }),

    reg(COMMANDS.filterText, async (arg?: unknown) => {
      let text = ownArgument(arg, isString);
      if (text === undefined)
        text = await vscode.window.showInputBox({
          title: 'Filter Questions by Text',
          prompt: 'Searches uids and question texts (case-insensitive). Empty clears.',
          value: store.filter.text ?? '',
        });
      if (text === undefined) return;
      store.setFilter({ text: text.trim() === '' ? undefined : text });
    }),

    reg(COMMANDS.sortOrder, async (arg?: unknown) => {
      let order: SortOrder | undefined = ownChoice(arg, isSortOrder, 'sort order');
      if (order === undefined) {
        const picked = await vscode.window.showQuickPick(
          SORT_ORDERS.map((s) => ({
            label: s.label,
            value: s.value,
            description: s.value === store.filter.sort ? '(current)' : undefined,
          })),
          { title: 'Sort Questions within a Subtask' },
        );
        order = picked?.value;
      }
      if (order === undefined) return;
      store.setFilter({ sort: order });
    }),

    reg(COMMANDS.clearFilter, () => store.clearFilter()),

    reg(COMMANDS.refresh, async () => {
      await Promise.all([store.reloadAll(), deps.detect()]);
    }),

    reg(COMMANDS.openQuestion, (uid?: unknown) => {
      const id =
        typeof uid === 'string'
          ? uid
          : uid && typeof uid === 'object' && typeof (uid as { uid?: unknown }).uid === 'string'
            ? (uid as { uid: string }).uid
            : undefined;
      if (!id) return;
      if (!store.getQuestion(id)) {
        void vscode.window.showWarningMessage(`GST-Bench: no loaded question has the uid ${id}.`);
        return;
      }
      deps.showQuestion(id);
    }),

    reg(COMMANDS.showOutput, () => log.show(true)),

    reg(COMMANDS.setFieldMapping, (arg?: unknown) => setFieldMappingCommand(store, arg)),

    reg(COMMANDS.clearFieldMapping, (arg?: unknown) => clearFieldMappingCommand(store, arg)),
  ];
}
