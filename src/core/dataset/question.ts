import type { ParsedValue } from '../../shared/parsing/parsedValue';
import type { Problem } from '../../shared/problems';
import type { AnswerKind, SubtaskOrOther } from '../../shared/subtasks';
import type { MediaType } from '../../shared/media';

export interface MediaRef {
  role: 'video' | 'image';
  /** As written in the question (relative to the question's folder). */
  relPath: string;
  /** Absolute path inside the dataset root, or null when the path was refused or not looked at (`checkMedia: false`). */
  path: string | null;
  /** False when missing, and when not looked at. */
  exists: boolean;
  /** Sniffed from the first bytes; undefined when not sniffed or missing. */
  type?: MediaType;
}

/** One piece of the prompt in the order the model saw it. */
export type PromptPart = { type: 'text'; text: string } | { type: 'video' } | { type: 'image'; index: number };

export interface Question {
  /** Position in the dataset's order. */
  index: number;
  uid: string;
  task: string;
  subtask: SubtaskOrOther;
  /** Null for unknown tasks. */
  kind: AnswerKind | null;
  scene: string;
  /** The raw `answer` value: a string or a number in the real data. */
  answer: unknown;
  /** The answer parsed for scoring; null when it cannot be (reported as a problem). */
  truth: ParsedValue | null;
  texts: string[];
  video: MediaRef | null;
  images: MediaRef[];
  prompt: readonly PromptPart[];
  /** Where the question came from: question.json, or an annotations file and its line. */
  source: { file: string; line?: number };
  /** Folder that media paths are relative to. */
  dir: string;
  /** Fields the reader does not interpret (e.g. `geometry`), passed on untouched. `source_*` fields are dropped. */
  extra: Record<string, unknown>;
  problems: Problem[];
}

export interface Dataset {
  /** Real path of the dataset root folder. */
  root: string;
  layout: 'folders' | 'annotations';
  /** The annotations file for layout B. */
  file?: string;
  questions: Question[];
  byUid: Map<string, Question>;
  /** Every problem, including those attached to questions. */
  problems: Problem[];
}

/** Prompt order: texts[0], the video, then texts[i] followed by images[i-1]; leftover texts and images last. */
export function buildPrompt(texts: readonly string[], hasVideo: boolean, imageCount: number): PromptPart[] {
  const parts: PromptPart[] = [];
  if (texts.length > 0) parts.push({ type: 'text', text: texts[0] });
  if (hasVideo) parts.push({ type: 'video' });
  const n = Math.max(texts.length - 1, imageCount);
  for (let i = 1; i <= n; i++) {
    if (i < texts.length) parts.push({ type: 'text', text: texts[i] });
    if (i - 1 < imageCount) parts.push({ type: 'image', index: i - 1 });
  }
  return parts;
}
