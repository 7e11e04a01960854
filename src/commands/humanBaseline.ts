// "GST-Bench: Start Human Baseline" and "Show Human Baseline Result": the prompts, the files and the viewer's blind
// mode around a BlindRun (src/panels/viewer/blind/blindRun.ts). The session file lives beside the result file,
// `<dataset>/results/human-<name>.session.json`; the workspace remembers where, so the start offers to resume.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Dataset } from '../core/dataset/question';
import { loadBlindSession, saveBlindSession, writeHumanResultFile } from '../core/baseline/blindFiles';
import { resultLabel } from '../model';
import { BLIND_SAMPLE_PER_SUBTASK } from '../shared/baseline/constants';
import type { ComparedModel } from '../shared/baseline/resultView';
import { sampleBlind } from '../shared/baseline/sampler';
import {
  blindProgress,
  humanNameProblem,
  humanResultFileName,
  nextBlindQuestion,
  resumeProblem,
  startBlindSession,
  type BlindSession,
} from '../shared/baseline/session';
import { COMMANDS } from '../ids';
import { BlindRun } from '../panels/viewer/blind/blindRun';
import type { BlindDelegate } from '../panels/viewer/blind/delegate';
import { BLIND_MEDIA_FOLDER, MediaAliases } from '../panels/viewer/blind/mediaAliases';
import type { Viewer } from '../panels/viewer';
import type { InspectorStore } from '../store/store';

/** workspaceState key: the session files started in this workspace, newest first. */
const SESSIONS_KEY = 'gstBench.humanBaseline.sessions';
const RESULTS_FOLDER = 'results';
/** Context key: a blind baseline is running in the viewer (package.json `when` clauses). */
const BLIND_CONTEXT_KEY = 'gstBench.blindBaseline';

export interface HumanBaselineDeps {
  context: vscode.ExtensionContext;
  store: InspectorStore;
  viewer: Viewer;
  log: vscode.LogOutputChannel;
  showQuestion(uid: string): void;
}

/** Arguments that skip the prompts (tests, keybindings): any left out is asked for. */
interface StartArgs {
  /** The dataset's root folder, when more than one is open. */
  dataset?: string;
  name?: string;
  perSubtask?: number;
  /** What to do with a saved session found: resume it or start again. */
  existing?: 'resume' | 'restart';
}

export const sessionFileOf = (resultFile: string) => resultFile.replace(/\.jsonl$/, '.session.json');
const datasetId = (d: Dataset) => path.basename(d.root);
const perSubtaskProblem = (v: string) =>
  /^\s*[1-9][0-9]*\s*$/.test(v) && Number(v) <= 10_000 ? null : 'a whole number of questions per subtask, at least 1';

interface Running {
  run: BlindRun;
  resultFile: string;
  sessionFile: string;
}

export function registerHumanBaseline(deps: HumanBaselineDeps): vscode.Disposable[] {
  const { context, store, viewer, log } = deps;
  let running: Running | undefined;
  const aliases = new MediaAliases(path.join(context.globalStorageUri.fsPath, BLIND_MEDIA_FOLDER));

  const remembered = (): string[] => context.workspaceState.get<string[]>(SESSIONS_KEY, []).filter((f) => fs.existsSync(f));
  const remember = (file: string) => context.workspaceState.update(SESSIONS_KEY, [file, ...remembered().filter((f) => f !== file)]);

  const models = (resultFile: string): ComparedModel[] =>
    store
      .results()
      .filter((r) => r.evaluation && r.id !== path.resolve(resultFile))
      .sort((a, b) => a.colorIndex - b.colorIndex)
      .map((r) => ({
        label: resultLabel(r),
        colorIndex: r.colorIndex,
        overall: r.evaluation!.overall,
        outcome: (uid) => {
          const o = r.evaluation!.byUid.get(uid);
          return o ? { score: o.score, unparsed: o.parse.parsed === null } : undefined;
        },
      }));

  const save = (resultFile: string, sessionFile: string) => async (s: BlindSession) => {
    // The session first: on resume the result file is written again from it, so a crash between the two loses nothing.
    await saveBlindSession(sessionFile, s);
    // A session started again empties the file its answers went to; a new one has none until its first answer.
    if (s.answers.length === 0 && !fs.existsSync(resultFile)) return;
    await writeHumanResultFile(path.dirname(resultFile), s);
    if (!store.result(resultFile)) await store.addResult(resultFile);
  };

  const delegate = (r: Running): BlindDelegate => ({
    view: (toUri) => {
      aliases.clear();
      return r.run.view((file) => toUri(aliases.alias(file)));
    },
    handlers: {
      blindSubmit: async ({ number, answer, elapsedMs }) => {
        try {
          return await r.run.submit(number, answer, elapsedMs);
        } catch (e) {
          const message = `The answer was not saved: ${(e as Error).message}`;
          log.error(`human baseline: ${message}`);
          void vscode.window.showErrorMessage(`GST-Bench: ${message}`);
          return { saved: false, message };
        }
      },
      blindShowResult: () => {
        r.run.showResult();
        return { shown: true };
      },
      blindContinue: () => ({ shown: r.run.continueAnswering() }),
      blindReveal: async () => {
        const left = r.run.session().sample.length - r.run.session().answers.length;
        const choice = await vscode.window.showWarningMessage(
          'Reveal the truth and the models’ predictions?',
          {
            modal: true,
            detail: `This ends the blind session: it takes no more answers${left > 0 ? ` (${left} questions are unanswered)` : ''}.`,
          },
          'Reveal',
        );
        if (choice !== 'Reveal') return { revealed: false };
        await r.run.reveal();
        if (store.result(r.resultFile)) store.setCompared(r.resultFile, true);
        return { revealed: true };
      },
      blindPause: () => ({ paused: pause() }),
      blindOpenRevealed: ({ uid }) => {
        if (r.run.session().revealed_at === undefined || !r.run.session().sample.includes(uid)) return { opened: false };
        aliases.clear();
        viewer.setBlind(undefined);
        setBlindContext(false);
        deps.showQuestion(uid);
        return { opened: true };
      },
    },
  });

  const setBlindContext = (on: boolean) => void vscode.commands.executeCommand('setContext', BLIND_CONTEXT_KEY, on);

  /** Leaves blind mode; the session stays saved. False when no baseline is running. */
  const pause = (): boolean => {
    if (!viewer.isBlind()) return false;
    aliases.clear();
    viewer.setBlind(undefined, 'The blind baseline is paused. "GST-Bench: Start Human Baseline" resumes it.');
    setBlindContext(false);
    return true;
  };

  const begin = async (session: BlindSession, resultFile: string, showResult: boolean) => {
    const sessionFile = sessionFileOf(resultFile);
    const run = new BlindRun(session, {
      getQuestion: (uid) => store.getQuestion(uid),
      mediaOf: (question) => store.mediaOf(question),
      models: () => models(resultFile),
      profile: () => store.profile(),
      save: save(resultFile, sessionFile),
      resultFile,
      now: () => new Date(),
    });
    await save(resultFile, sessionFile)(session);
    await remember(sessionFile);
    if (showResult) run.showResult();
    running = { run, resultFile, sessionFile };
    viewer.setBlind(delegate(running));
    setBlindContext(true);
    // The Questions tree's labels show answers: out of sight while answering blind.
    if (!showResult) void vscode.commands.executeCommand('workbench.action.closeSidebar');
    log.info(
      `human baseline ${session.name}: ${blindProgress(session).answered} of ${blindProgress(session).total} answered; ${resultFile}`,
    );
  };

  const pickDataset = async (root?: string): Promise<Dataset | undefined> => {
    const loaded = store.loadedDatasets();
    if (root !== undefined) return loaded.find((d) => d.root === path.resolve(root));
    if (loaded.length <= 1) return loaded[0];
    const picked = await vscode.window.showQuickPick(
      loaded.map((d) => ({ label: path.basename(d.root), description: d.root, d })),
      { title: 'Human Baseline: which dataset?' },
    );
    return picked?.d;
  };

  const savedSessions = async (dataset: Dataset) => {
    const uids = new Set(dataset.questions.map((q) => q.uid));
    const out: Array<{ session: BlindSession; file: string }> = [];
    for (const file of remembered()) {
      try {
        const s = await loadBlindSession(file);
        if (s && !resumeProblem(s, datasetId(dataset), uids)) out.push({ session: s, file });
      } catch (e) {
        log.warn(`human baseline: ${(e as Error).message}`);
      }
    }
    return out;
  };

  const start = async (arg?: unknown) => {
    const args: StartArgs = typeof arg === 'object' && arg !== null ? (arg as StartArgs) : {};
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showErrorMessage('GST-Bench: the human baseline writes files, which needs a trusted workspace.');
      return;
    }
    const dataset = await pickDataset(args.dataset);
    if (!dataset) {
      void vscode.window.showErrorMessage('GST-Bench: open a dataset first (Open Dataset Folder… or Open Demo Dataset).');
      return;
    }
    if (args.name === undefined) {
      const open = (await savedSessions(dataset)).filter((s) => s.session.revealed_at === undefined && nextBlindQuestion(s.session));
      if (open.length > 0) {
        const items = [
          ...open.map((o) => ({
            label: `Resume ${o.session.name}`,
            description: `${o.session.answers.length} of ${o.session.sample.length} answered`,
            detail: o.file,
            o,
          })),
          { label: 'Start a new human baseline', description: '', detail: undefined, o: undefined },
        ];
        const picked = await vscode.window.showQuickPick(items, { title: 'Human Baseline' });
        if (!picked) return;
        if (picked.o) return begin(picked.o.session, picked.o.file.replace(/\.session\.json$/, '.jsonl'), false);
      }
    }
    const name =
      args.name ??
      (await vscode.window.showInputBox({
        title: 'Human Baseline (1/2): your name',
        prompt: `Labels your answers (model "human:<name>") and names the file human-<name>.jsonl.`,
        validateInput: (v) => humanNameProblem(v),
      }));
    if (name === undefined) return;
    const problem = humanNameProblem(name);
    if (problem) {
      void vscode.window.showErrorMessage(`GST-Bench: ${problem}.`);
      return;
    }
    const resultFile = path.join(dataset.root, RESULTS_FOLDER, humanResultFileName(name));
    const existing = await loadBlindSession(sessionFileOf(resultFile)).catch((e: Error) => {
      void vscode.window.showErrorMessage(`GST-Bench: ${e.message}`);
      return undefined;
    });
    if (existing === undefined) return;
    if (existing) {
      const { answered, total } = blindProgress(existing);
      const choice =
        args.existing ??
        (
          await vscode.window.showWarningMessage(
            `A human baseline for ${existing.name} exists (${answered} of ${total} answered).`,
            { modal: true },
            { title: 'Resume', value: 'resume' as const },
            { title: 'Start Again', value: 'restart' as const },
          )
        )?.value;
      if (!choice) return;
      const problem = resumeProblem(existing, datasetId(dataset), new Set(dataset.questions.map((q) => q.uid)));
      if (choice === 'resume' && problem) {
        void vscode.window.showErrorMessage(`GST-Bench: cannot resume: ${problem}.`);
        return;
      }
      if (choice === 'resume') return begin(existing, resultFile, existing.revealed_at !== undefined || !nextBlindQuestion(existing));
    }
    const sizeText =
      args.perSubtask !== undefined
        ? String(args.perSubtask)
        : await vscode.window.showInputBox({
            title: 'Human Baseline (2/2): questions per subtask',
            prompt: `Drawn with a fixed seed; the paper's human row used ${BLIND_SAMPLE_PER_SUBTASK}.`,
            value: String(BLIND_SAMPLE_PER_SUBTASK),
            validateInput: perSubtaskProblem,
          });
    if (sizeText === undefined) return;
    if (perSubtaskProblem(sizeText)) {
      void vscode.window.showErrorMessage(`GST-Bench: ${perSubtaskProblem(sizeText)}.`);
      return;
    }
    const sample = sampleBlind(
      dataset.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null && q.kind !== null })),
      { perSubtask: Number(sizeText) },
    );
    if (sample.uids.length === 0) {
      void vscode.window.showErrorMessage('GST-Bench: the dataset has no scorable question to sample.');
      return;
    }
    await fs.promises.mkdir(path.dirname(resultFile), { recursive: true });
    await begin(startBlindSession(name, datasetId(dataset), sample, new Date()), resultFile, false);
  };

  const showResult = async () => {
    if (running && viewer.isBlind()) {
      running.run.showResult();
      viewer.setBlind(delegate(running));
      return;
    }
    const dataset = await pickDataset();
    const saved = dataset ? await savedSessions(dataset) : [];
    if (saved.length === 0) {
      void vscode.window.showInformationMessage('GST-Bench: no human baseline in this workspace yet ("Start Human Baseline" begins one).');
      return;
    }
    const picked =
      saved.length === 1
        ? saved[0]
        : (
            await vscode.window.showQuickPick(
              saved.map((s) => ({ label: s.session.name, description: `${s.session.answers.length} of ${s.session.sample.length}`, s })),
              { title: 'Which human baseline?' },
            )
          )?.s;
    if (picked) await begin(picked.session, picked.file.replace(/\.session\.json$/, '.jsonl'), true);
  };

  return [
    { dispose: () => aliases.clear() },
    vscode.commands.registerCommand(COMMANDS.startHumanBaseline, (arg?: unknown) =>
      start(arg).catch((e: Error) => {
        log.error(`human baseline: ${e.message}`);
        void vscode.window.showErrorMessage(`GST-Bench: the human baseline could not start: ${e.message}`);
      }),
    ),
    vscode.commands.registerCommand(COMMANDS.pauseHumanBaseline, () => pause()),
    vscode.commands.registerCommand(COMMANDS.showHumanBaselineResult, () =>
      showResult().catch((e: Error) => void vscode.window.showErrorMessage(`GST-Bench: ${e.message}`)),
    ),
  ];
}
