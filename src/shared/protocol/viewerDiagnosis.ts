// What the viewer draws from the failure diagnosis (docs/DIAGNOSIS.md, "In the viewer"): the active file's
// what-if for the question, dashed over the overlay, and the visibility timeline under the video.
import type { DiagnosisClass } from '../diagnosis/diagnose';
import type { TaggedValue } from './viewer';

/** The active result file's correction of its answer to this question (QuestionDiagnosis.corrected), scored. */
export interface WhatIfView {
  resultId: string;
  label: string;
  colorIndex: number;
  cls: DiagnosisClass;
  /** The correction in a few words: "sign flipped". */
  phrase: string;
  value: TaggedValue;
  /** "70°", "(700, 200)", "3.5 m". */
  valueLabel: string;
  /** The corrected answer's score and the answer's own, in [0, 1]. */
  score: number;
  before: number;
  /** "what-if: sign flipped → score 1.00". */
  text: string;
}

/** Which frames the model is assumed to have seen. */
export type SamplingView =
  | { kind: 'uniform'; count: number; source: 'setting' | 'line' }
  /** The result line's `frames` field listed them. */
  | { kind: 'list'; frames: number[]; source: 'line' }
  /** The setting is empty and the line does not say. */
  | { kind: 'none' };

export interface VisibilityView {
  /** Frame count and rate from `geometry.targetFrames`; null when it is absent (the webview uses the video's). */
  frames: number | null;
  fps: number | null;
  /** Half-open [start, end) frame ranges with the target; null: unknown. */
  visible: Array<[number, number]> | null;
  /** Why visibility is unknown, in words, when it is. */
  unknownReason?: string;
  /** Where `visible` comes from: the dataset's geometry, or the red box found in the video by the host (ffmpeg). */
  source?: 'geometry' | 'video';
  /** The source in words: "from the dataset's geometry", "found in the video: red box, ffmpeg". */
  sourceText?: string;
  /** True while the host looks for the red box in the video (then `visible` is null). */
  detecting?: boolean;
  sampling: SamplingView;
  /** "32 frames, uniform (setting gstBench.diagnosis.frameSampling)". */
  samplingText: string;
  /** The active result file's colour, for the ticks of the frames its line lists; absent for the setting's. */
  colorIndex?: number;
}

export interface DiagnosisOverlayView {
  whatIf: WhatIfView | null;
  /** Null for questions whose video marks no target (only the visual object-localisation subtasks do). */
  visibility: VisibilityView | null;
}
