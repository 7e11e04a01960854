// The diagnosis the viewer draws for one question: the active file's what-if (its corrected answer, scored) and
// the visibility timeline's data (where the target is visible, which frames the model is assumed to have seen).
// No `vscode` import: unit-testable.
import type { Question } from '../../core/dataset/question';
import { VISUAL_LOCALISATION_SUBTASKS, type FileDiagnosis } from '../../shared/diagnosis/diagnose';
import { describeSampling, visibilityFromGeometry, type FrameSampling } from '../../shared/diagnosis/visibility';
import { whatIfMark } from '../../shared/diagnosis/whatIfMark';
import { formatParsed } from '../../shared/parsing/parsedValue';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { taggedValue } from '../../shared/protocol/viewer';
import type { DiagnosisOverlayView, SamplingView, VisibilityView, WhatIfView } from '../../shared/protocol/viewerDiagnosis';
import { isSubtaskKey } from '../../shared/subtasks';
import type { ViewerResult } from './viewerHost';

export const FRAME_SAMPLING_SETTING = 'gstBench.diagnosis.frameSampling';

export interface DiagnosisOverlayInput {
  question: Question;
  /** The active result file and its diagnosis (undefined until diagnosed). */
  active?: { result: ViewerResult; diagnosis: FileDiagnosis | undefined };
  /** The sampling the setting assumes; undefined when it is empty or unreadable. */
  sampling: FrameSampling | undefined;
  profile: ScoringProfile;
  /** The active file's line's `frames` field for this question: a count or a list of frame indices. */
  lineFrames?: unknown;
}

function whatIfView(question: Question, active: DiagnosisOverlayInput['active'], profile: ScoringProfile): WhatIfView | null {
  const outcome = active?.result.evaluation.byUid.get(question.uid);
  if (!active?.diagnosis || !outcome || !question.truth) return null;
  const d = active.diagnosis.byUid.get(question.uid);
  const subtask = active.diagnosis.subtasks.find((s) => s.subtask === question.subtask);
  const mark = whatIfMark(question.truth, outcome.parse.parsed, d, subtask, profile);
  const value = mark && taggedValue(mark.corrected);
  if (!mark || !value) return null;
  const { id, label, colorIndex } = active.result;
  return {
    resultId: id,
    label,
    colorIndex,
    cls: mark.cls,
    phrase: mark.phrase,
    value,
    valueLabel: formatParsed(mark.corrected),
    score: mark.score,
    before: mark.before,
    text: mark.label,
  };
}

/** A line's `frames` field as the engine reads it (framesFromField): a count, or a list of frame indices. */
function lineSampling(value: unknown): SamplingView | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return { kind: 'uniform', count: value, source: 'line' };
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0))
    return { kind: 'list', frames: value as number[], source: 'line' };
  return undefined;
}

function samplingText(s: SamplingView, resultLabel: string | undefined): string {
  const of = resultLabel ? `${resultLabel}'s` : "the result file's";
  if (s.kind === 'none') return `none assumed (the setting ${FRAME_SAMPLING_SETTING} is empty)`;
  if (s.kind === 'list') return `${s.frames.length} frames listed in ${of} line (its frames field)`;
  const uniform = describeSampling({ count: s.count, method: 'uniform' });
  return s.source === 'line' ? `${uniform}, from ${of} line (its frames field)` : `${uniform} (setting ${FRAME_SAMPLING_SETTING})`;
}

function visibilityView(input: DiagnosisOverlayInput): VisibilityView | null {
  const { question } = input;
  const target = visibilityFromGeometry(question.extra.geometry);
  const visualSubtask = isSubtaskKey(question.subtask) && VISUAL_LOCALISATION_SUBTASKS.includes(question.subtask);
  if (!question.video || (!target && !visualSubtask)) return null;
  const sampling: SamplingView =
    lineSampling(input.lineFrames) ??
    (input.sampling ? { kind: 'uniform', count: input.sampling.count, source: 'setting' } : { kind: 'none' });
  return {
    frames: target?.frames ?? null,
    fps: target?.fps ?? null,
    visible: target ? target.visible.map(([s, e]): [number, number] => [s, e]) : null,
    ...(target
      ? {}
      : {
          unknownReason: 'the question has no geometry.targetFrames; `gst-bench diagnose --detect-red-box` finds the red box with ffmpeg',
        }),
    sampling,
    samplingText: samplingText(sampling, input.active?.result.label),
    // Frames a line lists are that file's; the setting's belong to no file (and do not change with the active one).
    ...(input.active && sampling.kind !== 'none' && sampling.source === 'line' ? { colorIndex: input.active.result.colorIndex } : {}),
  };
}

export function diagnosisOverlayView(input: DiagnosisOverlayInput): DiagnosisOverlayView {
  return { whatIf: whatIfView(input.question, input.active, input.profile), visibility: visibilityView(input) };
}
