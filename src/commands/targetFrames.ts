// The extension's side of finding target frames in the videos (src/store/targetFrames.ts does the work): the
// setting, Restricted Mode and ffmpeg's presence decide whether videos are decoded; the viewer asks for the video
// it shows; the command "Find Target Frames in Videos" asks for all of the loaded dataset's, under a progress.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../ids';
import type { Question } from '../core/dataset/question';
import { Emitter } from '../store/slices';
import type { InspectorStore } from '../store/store';
import {
  detectionBlockedReason,
  probeFfmpeg,
  TARGET_FRAMES_SETTINGS,
  TargetFrameDetector,
  videoNeedingDetection,
  viewerDetection,
  type DetectedTargetFrames,
  type TargetFramesSetting,
} from '../store/targetFrames';

/** The persisted detections, in the extension's global storage: one file for every workspace of this machine. */
const CACHE_FILE_NAME = 'target-frames.json';

export interface TargetFramesGlue extends vscode.Disposable {
  /** For the viewer: the question's detection, asked for when allowed and not yet known. */
  targetFrames(question: Question): DetectedTargetFrames | undefined;
  readonly onDidChangeTargetFrames: vscode.Event<unknown>;
  readonly detector: TargetFrameDetector;
}

function settingValue(): TargetFramesSetting {
  const v = vscode.workspace.getConfiguration().get<string>(SETTINGS.detectTargetFrames);
  return TARGET_FRAMES_SETTINGS.find((s) => s === v) ?? 'auto';
}

export function registerTargetFrames(
  context: vscode.ExtensionContext,
  store: InspectorStore,
  log: vscode.LogOutputChannel,
): TargetFramesGlue {
  const detector = new TargetFrameDetector({
    cacheFile: path.join(context.globalStorageUri.fsPath, CACHE_FILE_NAME),
    log: (level, message) => log[level](message),
  });
  store.diagnosis.setVisibilitySource(detector);
  const policyChanged = new Emitter<unknown>();
  // ffmpeg is looked for once, and only where it may run (a trusted workspace with the setting on).
  let ffmpeg: boolean | undefined;
  let probing: Promise<boolean> | undefined;
  const probe = () =>
    (probing ??= probeFfmpeg().then((ok) => {
      ffmpeg = ok;
      log.info(`target frames: ffmpeg and ffprobe ${ok ? 'found' : 'not found'} on PATH`);
      policyChanged.fire(undefined);
      return ok;
    }));
  const blockedReason = () => {
    const reason = detectionBlockedReason({ setting: settingValue(), trusted: vscode.workspace.isTrusted, ffmpeg });
    if (ffmpeg === undefined && settingValue() === 'auto' && vscode.workspace.isTrusted) void probe();
    return reason;
  };
  const blockedNow = async () => {
    if (settingValue() === 'auto' && vscode.workspace.isTrusted) await probe();
    return blockedReason();
  };

  const targetFrames = (question: Question) =>
    viewerDetection(detector, question, () => {
      const reason = blockedReason();
      return ffmpeg === undefined && reason !== undefined && settingValue() === 'auto' && vscode.workspace.isTrusted ? 'pending' : reason;
    });

  const command = vscode.commands.registerCommand(COMMANDS.findTargetFrames, async () => {
    await store.allMediaChecked(); // which videos exist
    const merged = store.mergedDataset();
    if (!merged) {
      void vscode.window.showInformationMessage(
        'GST-Bench: open a dataset first; Find Target Frames looks at its EDv, EDistv and GPv videos.',
      );
      return;
    }
    const questions = merged.dataset.questions.filter((q) => videoNeedingDetection(q));
    const videos = [...new Set(questions.map((q) => videoNeedingDetection(q)!))];
    if (videos.length === 0) {
      void vscode.window.showInformationMessage(
        "GST-Bench: every EDv, EDistv and GPv question has the dataset's geometry.targetFrames or no video: nothing to find.",
      );
      return;
    }
    const reason = await blockedNow();
    if (reason) {
      void vscode.window.showWarningMessage(`GST-Bench: cannot find target frames: ${reason}.`);
      return;
    }
    const run = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'GST-Bench: Finding target frames', cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const cancel = token.onCancellationRequested(() => abort.abort());
        let reported = 0;
        try {
          return await detector.request(videos, {
            signal: abort.signal,
            onProgress: (r) => {
              progress.report({ message: `${r.done} of ${r.total} videos`, increment: ((r.done - reported) / r.total) * 100 });
              reported = r.done;
            },
          });
        } finally {
          cancel.dispose();
        }
      },
    );
    const known = questions.filter((q) => detector.visibility(videoNeedingDetection(q)!)).length;
    const text = `GST-Bench: target frames found for ${known} of ${questions.length} questions (${run.done - run.failed} of ${videos.length} videos)${
      run.failed > 0 ? `; ${run.failed} failed (see the GST-Bench output)` : ''
    }${run.cancelled ? '; cancelled' : ''}.`;
    log.info(text);
    if (run.failed > 0) void vscode.window.showWarningMessage(text);
    else void vscode.window.showInformationMessage(text);
  });

  const disposables = [
    command,
    policyChanged,
    detector.onDidChange(() => policyChanged.fire(undefined)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => policyChanged.fire(undefined)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS.detectTargetFrames)) policyChanged.fire(undefined);
    }),
  ];
  return {
    detector,
    targetFrames,
    onDidChangeTargetFrames: policyChanged.event,
    dispose: () => {
      for (const d of disposables) d.dispose();
      detector.dispose();
    },
  };
}
