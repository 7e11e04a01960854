// The diagnosis the viewer draws for one question: the active file's what-if (its corrected answer, scored) and
// the visibility timeline's data (where the target is visible, which frames the model is assumed to have seen).
// No `vscode` import: unit-testable.
import type { Question } from '../../core/dataset/question';
import { VISUAL_LOCALISATION_SUBTASKS, type FileDiagnosis } from '../../shared/diagnosis/diagnose';
import { describeSampling, visibilityFromGeometry, type FrameSampling, type TargetVisibility } from '../../shared/diagnosis/visibility';
import { whatIfMark } from '../../shared/diagnosis/whatIfMark';
import { formatParsed } from '../../shared/parsing/parsedValue';
import type { ScoringProfile } from '../../shared/scoring/profiles';
import { taggedValue } from '../../shared/protocol/viewer';
import type { DiagnosisOverlayView, SamplingView, VisibilityView, WhatIfView } from '../../shared/protocol/viewerDiagnosis';
import { isSubtaskKey } from '../../shared/subtasks';
import type { DetectedTargetFrames } from '../../store/targetFrames';
import type { ViewerResult } from './viewerHost';

export const FRAME_SAMPLING_SETTING = 'gstBench.diagnosis.frameSampling';

export const GEOMETRY_SOURCE_TEXT = "from the dataset's geometry";
export const VIDEO_SOURCE_TEXT = 'found in the video: red box, ffmpeg';
const NO_GEOMETRY = 'the question has no geometry.targetFrames';

export interface DiagnosisOverlayInput {
  question: Question;
  /** The active result file and its diagnosis (undefined until diagnosed). */
  active?: { result: ViewerResult; diagnosis: FileDiagnosis | undefined };
  /** The sampling the setting assumes; undefined when it is empty or unreadable. */
  sampling: FrameSampling | undefined;
  profile: ScoringProfile;
  /** The active file's line's `frames` field for this question: a count or a list of frame indices. */
  lineFrames?: unknown;
  /** Where the geometry has no targetFrames: what the host found in the video, or why it did not look. */
  detected?: DetectedTargetFrames;
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

/** The visibility and its source: the geometry's, else the host's detection; why it is unknown otherwise. */
function knownVisibility(input: DiagnosisOverlayInput): {
  target: TargetVisibility | undefined;
  about: Pick<VisibilityView, 'source' | 'sourceText' | 'detecting' | 'unknownReason'>;
} {
  const geometry = visibilityFromGeometry(input.question.extra.geometry);
  if (geometry) return { target: geometry, about: { source: 'geometry', sourceText: GEOMETRY_SOURCE_TEXT } };
  const d = input.detected;
  if (d?.kind === 'found') return { target: d.visibility, about: { source: 'video', sourceText: VIDEO_SOURCE_TEXT } };
  if (d?.kind === 'detecting')
    return { target: undefined, about: { detecting: true, unknownReason: `${NO_GEOMETRY}; finding the red box in the video` } };
  if (d?.kind === 'failed')
    return { target: undefined, about: { unknownReason: `${NO_GEOMETRY}, and finding the red box failed: ${d.message}` } };
  if (d?.kind === 'unavailable') return { target: undefined, about: { unknownReason: `${NO_GEOMETRY}, and ${d.reason}` } };
  return {
    target: undefined,
    about: { unknownReason: `${NO_GEOMETRY}; \`gst-bench diagnose --detect-red-box\` finds the red box with ffmpeg` },
  };
}

function visibilityView(input: DiagnosisOverlayInput): VisibilityView | null {
  const { question } = input;
  const { target, about } = knownVisibility(input);
  const visualSubtask = isSubtaskKey(question.subtask) && VISUAL_LOCALISATION_SUBTASKS.includes(question.subtask);
  if (!question.video || (!target && !visualSubtask)) return null;
  const sampling: SamplingView =
    lineSampling(input.lineFrames) ??
    (input.sampling ? { kind: 'uniform', count: input.sampling.count, source: 'setting' } : { kind: 'none' });
  return {
    frames: target?.frames ?? null,
    fps: target?.fps ?? null,
    visible: target ? target.visible.map(([s, e]): [number, number] => [s, e]) : null,
    ...about,
    sampling,
    samplingText: samplingText(sampling, input.active?.result.label),
    // Frames a line lists are that file's; the setting's belong to no file (and do not change with the active one).
    ...(input.active && sampling.kind !== 'none' && sampling.source === 'line' ? { colorIndex: input.active.result.colorIndex } : {}),
  };
}

export function diagnosisOverlayView(input: DiagnosisOverlayInput): DiagnosisOverlayView {
  return { whatIf: whatIfView(input.question, input.active, input.profile), visibility: visibilityView(input) };
}
