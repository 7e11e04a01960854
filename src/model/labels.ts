// Human-readable labels and descriptions for the tree items. Pure: no vscode import.
import {
  formatParsed,
  formatQuestionScore,
  formatScore,
  subtaskScoreShort,
  type Question,
  type QuestionOutcome,
  type SubtaskCoverage,
  type SubtaskInfo,
} from '../core';
import { bold, icon, plain, type Tooltip, type TooltipPart } from './tooltip';

/** "EDv · Egocentric Direction (visual)". */
export function subtaskLabel(info: Pick<SubtaskInfo, 'abbreviation' | 'name'>): string {
  return `${info.abbreviation} · ${info.name}`;
}

/** A subtask score (0-100) in the tree: the shared format, as the CLI and the viewer print it. */
export const formatSubtaskScore = formatScore;

/**
 * "41.7 · 12 q": the active result's score first (a narrow sidebar cuts the end), then the question count.
 * When a filter hides some questions, "41.7 · 3/12 q". `undefined` (no active result) leaves the score out;
 * `null` (no score for the subtask) shows "—". `coverage` adds "(2/3)" when only some questions are predicted.
 */
export function countDescription(shown: number, total: number, score?: number | null, coverage?: SubtaskCoverage): string {
  const count = shown === total ? `${total} q` : `${shown}/${total} q`;
  return score === undefined ? count : `${subtaskScoreShort(score, coverage, formatSubtaskScore)} · ${count}`;
}

/**
 * A subtask row's tooltip: its full name, question count and the active file's score with its coverage, and its
 * format loss ("template-b loses 55.56 points on EDv to format (lenient 88.89, strict 33.33; …)") when known.
 */
export function subtaskTooltip(
  info: Pick<SubtaskInfo, 'abbreviation' | 'name'>,
  total: number,
  score: number | null | undefined,
  coverage: SubtaskCoverage | undefined,
  formatLoss?: string,
): Tooltip {
  const paragraphs: TooltipPart[][] = [[bold(subtaskLabel(info))], [plain(`${total} ${total === 1 ? 'question' : 'questions'}`)]];
  if (score !== undefined) {
    const predicted = coverage ? `${coverage.covered} of ${coverage.total}` : 'no';
    paragraphs.push([plain(`Active result file: ${formatSubtaskScore(score)}, over the ${predicted} questions with a prediction`)]);
  }
  if (formatLoss) paragraphs.push([plain(`Format loss: ${formatLoss}`)]);
  return paragraphs;
}

// Words that make up task names inside uids ("Object_Localization_Egocentric_Direction_visual",
// "Egocentric_Localization_Global_Position", "Topdown_Selection_Easy", "Trajection_Selection"): they repeat
// what the tree's subtask node already says, so the short label drops them.
const TASK_WORDS = new Set(
  'object self egocentric localization direction distance global position orientation visual semantic structure understanding topdown selection easy medium hard trajection trajectory'.split(
    ' ',
  ),
);

/** Pairs of "<key>_<number>" in uids and how the label names them. */
const NUMBERED_KEYS: Record<string, string> = { pos: 'pos', orient: 'orient', video: 'video', traject: 'traj' };

/**
 * A short label for a question, from its uid: the scene, the object, and the numbered parts, e.g.
 * `scene2_Object_Localization_Egocentric_Direction_visual_armchair_vzhxuf_0_pos_10_orient_4_video_3`
 * → `scene2 · armchair_vzhxuf_0 · pos 10 / orient 4 · video 3`. Falls back to the uid when it has no such structure.
 */
export function shortQuestionLabel(uid: string, scene?: string): string {
  const tokens = uid.split('_').filter((t) => t !== '');
  let i = 0;
  let sceneLabel: string | undefined;
  if (tokens[0] && /^scene\d+$/i.test(tokens[0])) {
    sceneLabel = tokens[0];
    i = 1;
  } else if (tokens[0]?.toLowerCase() === 'scene' && /^\d+$/.test(tokens[1] ?? '')) {
    sceneLabel = `scene${tokens[1]}`;
    i = 2;
  }
  const start = i;
  while (i < tokens.length && TASK_WORDS.has(tokens[i].toLowerCase())) i++;
  const strippedTask = i > start;
  if (!sceneLabel && !strippedTask) return uid;

  const objectTokens: string[] = [];
  const numbered: string[] = [];
  const rest: string[] = [];
  while (i < tokens.length) {
    const key = NUMBERED_KEYS[tokens[i].toLowerCase()];
    if (key && /^\d+$/.test(tokens[i + 1] ?? '')) {
      const nums = [tokens[i + 1]];
      i += 2;
      // "traject_9_4": a trajectory id has two numbers.
      if (key === 'traj' && /^\d+$/.test(tokens[i] ?? '')) nums.push(tokens[i++]);
      numbered.push(`${key} ${nums.join('_')}`);
    } else if (numbered.length === 0) objectTokens.push(tokens[i++]);
    else rest.push(tokens[i++]);
  }
  const parts: string[] = [];
  parts.push(sceneLabel ?? (scene ? scene.replace(/_/g, '') : '?'));
  if (objectTokens.length > 0) parts.push(objectTokens.join('_'));
  // pos and orient belong together: "pos 10 / orient 4".
  const pose = numbered.filter((n) => n.startsWith('pos ') || n.startsWith('orient '));
  if (pose.length > 0) parts.push(pose.join(' / '));
  parts.push(...numbered.filter((n) => !pose.includes(n)));
  if (rest.length > 0) parts.push(rest.join('_'));
  return parts.length > 1 ? parts.join(' · ') : uid;
}

/** The ground truth in short form: "-134°", "13.2 m", "(391, 698)", "C"; the raw answer when it did not parse. */
function formatTruth(q: Pick<Question, 'truth' | 'answer'>): string {
  if (q.truth) return formatParsed(q.truth);
  return q.answer === undefined ? 'no answer' : `bad answer ${JSON.stringify(q.answer)}`;
}

/**
 * A question row's label, score first so a narrow sidebar keeps it: "0.33 · -134° vs 45°";
 * "no prediction · -134°" without a line in the active result; the truth alone without an active result.
 */
export function questionSummary(
  q: Pick<Question, 'truth' | 'answer'>,
  outcome: QuestionOutcome | undefined,
  hasActiveResult: boolean,
): string {
  const truth = formatTruth(q);
  if (!hasActiveResult) return truth;
  if (!outcome) return `no prediction · ${truth}`;
  return `${formatQuestionScore(outcome.score)} · ${truth} vs ${formatParsed(outcome.parse.parsed)}`;
}

/** Long model output is cut in tooltips; the viewer shows it in full. */
const TOOLTIP_PREDICTION_CHARS = 400;

/** The question's tooltip: uid, question text, answer, prediction, its diagnosis, and data problems. */
export function questionTooltip(
  q: Question,
  outcome: QuestionOutcome | undefined,
  activeLabel: string | undefined,
  diagnosis?: string,
): Tooltip {
  const paragraphs: TooltipPart[][] = [[bold(q.uid)]];
  if (q.scene) paragraphs.push([plain(`Scene: ${q.scene}`)]);
  // The prompt's texts in order (the question is usually the last); media are shown by the viewer.
  for (const t of q.texts) if (t.trim()) paragraphs.push([plain(t.trim())]);
  paragraphs.push([plain(`Answer: ${formatTruth(q)}`)]);
  if (activeLabel !== undefined) {
    if (outcome) {
      const raw =
        outcome.prediction.length > TOOLTIP_PREDICTION_CHARS
          ? `${outcome.prediction.slice(0, TOOLTIP_PREDICTION_CHARS)}…`
          : outcome.prediction;
      const error = outcome.detail?.error !== undefined ? `, error ${round(outcome.detail.error)}` : '';
      paragraphs.push([
        plain(`${activeLabel}: ${formatParsed(outcome.parse.parsed)} (score ${formatQuestionScore(outcome.score)}${error})`),
      ]);
      paragraphs.push([plain(`Prediction: ${raw}`)]);
    } else paragraphs.push([plain(`${activeLabel}: no prediction`)]);
  }
  if (diagnosis) paragraphs.push([plain(`Diagnosis: ${diagnosis}`)]);
  for (const p of q.problems) paragraphs.push([icon('warning'), plain(p.message)]);
  return paragraphs;
}

function round(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Why a question carries a warning decoration, or undefined when its data is fine. */
export function problemReason(q: Pick<Question, 'problems'>): string | undefined {
  if (q.problems.length === 0) return undefined;
  return q.problems.map((p) => p.message).join('; ');
}
