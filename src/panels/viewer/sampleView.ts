// Turns a core Question and its result outcomes into the plain SampleView message (no bigint, no Map),
// with media as webview URIs produced by the caller. No `vscode` import: unit-testable.
import { stat } from 'node:fs/promises';
import type { Dataset, MediaRef, Question } from '../../core/dataset/question';
import { resolveMediaPath } from '../../core/dataset/safePath';
import { formatParsed, parsedToJson } from '../../shared/parsing/parsedValue';
import type { QuestionOutcome } from '../../core/results/evaluation';
import { imageRoles } from '../../shared/imageRoles';
import { taggedValue } from '../../shared/protocol/viewer';
import { isSubtaskKey, subtaskInfo } from '../../shared/subtasks';
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import type { ReadingFacts } from '../../shared/parsing/readingText';
import { subtaskFormatLossText } from '../../shared/report/formatLoss';
import { questionDiagnosisWords } from '../../shared/diagnosis/views';
import type { GeometryView, MediaView, OutcomeView, ResultView, SampleView, VideoView } from '../../shared/protocol/viewer';
import { readVideoInfo } from './mp4Info';
import type { ViewerResult } from './viewerHost';

/** Maps an absolute file path inside an allowed root to a URI the webview can load. */
export type ToWebviewUri = (absolutePath: string) => string;

function mediaView(ref: MediaRef, toUri: ToWebviewUri): MediaView {
  return {
    relPath: ref.relPath,
    uri: ref.path && ref.exists ? toUri(ref.path) : null,
    exists: ref.exists,
    ...(ref.type ? { type: ref.type } : {}),
  };
}

function finiteNumber(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function point(v: unknown): { x: number; y: number } | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const x = finiteNumber(o.x);
  const y = finiteNumber(o.y);
  return x === null || y === null ? null : { x, y };
}

/** Reads `extra.geometry` (demo data only); anything malformed yields null and the viewer falls back to real-data views. */
async function geometryView(question: Question, dataset: Dataset, toUri: ToWebviewUri): Promise<GeometryView | null> {
  const g = question.extra.geometry;
  if (typeof g !== 'object' || g === null) return null;
  const geo = g as Record<string, unknown>;
  const top = geo.topdown as Record<string, unknown> | undefined;
  const width = finiteNumber(top?.width);
  const height = finiteNumber(top?.height);
  if (!top || typeof top.path !== 'string' || !width || !height || width <= 0 || height <= 0) return null;
  const resolved = await resolveMediaPath(dataset.root, question.dir, top.path);
  let exists = false;
  if (resolved.ok) {
    try {
      exists = (await stat(resolved.path)).isFile();
    } catch {
      exists = false;
    }
  }
  const agentPoint = point(geo.agent);
  const heading = finiteNumber((geo.agent as Record<string, unknown> | undefined)?.heading);
  const targetPoint = point(geo.target);
  const label = (geo.target as Record<string, unknown> | undefined)?.label;
  return {
    topdown: { relPath: top.path, uri: resolved.ok && exists ? toUri(resolved.path) : null, exists, width, height },
    agent: agentPoint && heading !== null ? { ...agentPoint, heading } : null,
    target: targetPoint ? { ...targetPoint, ...(typeof label === 'string' ? { label } : {}) } : null,
  };
}

function outcomeView(o: QuestionOutcome): OutcomeView {
  return {
    line: o.line,
    prediction: o.prediction,
    parsed: parsedToJson(o.parse.parsed),
    value: taggedValue(o.parse.parsed),
    parsedLabel: formatParsed(o.parse.parsed),
    span: o.parse.span ?? null,
    region: o.parse.region,
    score: o.score,
    error: o.detail?.error ?? null,
    passed: o.detail?.passed ?? null,
    of: o.detail?.of ?? null,
    status: o.status,
    reading: readingFacts(o.parse),
  };
}

function readingFacts(p: ParseOutcome): ReadingFacts {
  return {
    ...(p.reader ? { reader: p.reader } : {}),
    ...(p.rule ? { rule: p.rule } : {}),
    ...(p.read ? { read: [...p.read] } : {}),
    ...(p.ambiguous ? { ambiguous: p.ambiguous } : {}),
  };
}

/** The result files' views of question `uid`; `subtask` (the question's) picks the format loss shown. */
export function resultViews(uid: string, results: ViewerResult[], subtask?: string): ResultView[] {
  return results.map((r) => {
    const o = r.evaluation.byUid.get(uid);
    const loss = subtask && isSubtaskKey(subtask) ? r.evaluation.formatLoss?.subtasks[subtask] : undefined;
    const info = subtask ? subtaskInfo(subtask) : undefined;
    return {
      id: r.id,
      label: r.label,
      colorIndex: r.colorIndex,
      active: r.active,
      outcome: o ? outcomeView(o) : null,
      ...(r.overall === undefined ? {} : { overall: r.overall, partial: r.partial === true }),
      ...(loss && info ? { formatLoss: subtaskFormatLossText(r.label, info.abbreviation, loss) } : {}),
      ...diagnosisField(r, uid, subtask),
    };
  });
}

function diagnosisField(r: ViewerResult, uid: string, subtask: string | undefined): { diagnosis?: string } {
  const words = r.diagnosis && subtask ? questionDiagnosisWords(r.diagnosis, uid, subtask) : undefined;
  return words ? { diagnosis: words } : {};
}

async function videoView(ref: MediaRef, toUri: ToWebviewUri, readInfo: typeof readVideoInfo): Promise<VideoView> {
  const info = ref.path && ref.exists ? await readInfo(ref.path) : null;
  return {
    ...mediaView(ref, toUri),
    fps: info?.fps ?? null,
    videoCodec: info?.videoCodec ?? null,
    audioCodec: info?.audioCodec ?? null,
    commandPath: ref.path,
  };
}

export interface BuildSampleOptions {
  results: ViewerResult[];
  order: readonly string[];
  toUri: ToWebviewUri;
  /** Reads the video's header (frame rate, codecs); the MP4 reader unless a test counts the reads. */
  readVideoInfo?: typeof readVideoInfo;
}

/** Where a question stands in the tree's order, or null when the filter hides it. */
export function positionIn(order: readonly string[], uid: string): { index: number; total: number } | null {
  const at = order.indexOf(uid);
  return at >= 0 ? { index: at, total: order.length } : null;
}

export async function buildSampleView(question: Question, dataset: Dataset, options: BuildSampleOptions): Promise<SampleView> {
  const info = subtaskInfo(question.subtask);
  const roles = imageRoles(question.kind, question.subtask, question.images.length);
  return {
    uid: question.uid,
    task: question.task,
    subtask: info ? { key: info.key, abbreviation: info.abbreviation, name: info.name } : null,
    kind: question.kind,
    scene: question.scene,
    answerText: typeof question.answer === 'string' ? question.answer : (JSON.stringify(question.answer) ?? ''),
    truth: parsedToJson(question.truth),
    truthValue: taggedValue(question.truth),
    truthLabel: question.truth ? formatParsed(question.truth) : 'no valid answer',
    texts: question.texts,
    prompt: question.prompt.map((p) => ({ ...p })),
    video: question.video ? await videoView(question.video, options.toUri, options.readVideoInfo ?? readVideoInfo) : null,
    images: question.images.map((m, i) => ({ ...mediaView(m, options.toUri), role: roles[i] })),
    geometry: await geometryView(question, dataset, options.toUri),
    results: resultViews(question.uid, options.results, question.subtask),
    problems: question.problems.map((p) => p.message),
    position: positionIn(options.order, question.uid),
  };
}

/**
 * The uid to show after `from` in `order`: next, previous, or the next one the active result fails (score < 1 or
 * no line). At an end each direction wraps around once; `wrapped` says so. A question outside the order starts
 * from the first (next, next failure) or the last (previous) without a wrap. Null when there is nowhere to go.
 */
export function navigationTarget(
  order: readonly string[],
  from: string | undefined,
  direction: 'next' | 'previous' | 'nextFailure',
  isFailure: (uid: string) => boolean,
): { uid: string; wrapped: boolean } | null {
  const n = order.length;
  if (n === 0) return null;
  const at = from === undefined ? -1 : order.indexOf(from);
  if (at === -1) {
    if (direction === 'previous') return { uid: order[n - 1], wrapped: false };
    if (direction === 'next') return { uid: order[0], wrapped: false };
  }
  const step = direction === 'previous' ? -1 : 1;
  for (let k = 1; k <= n; k++) {
    const raw = at + k * step;
    const uid = order[((raw % n) + n) % n];
    if (uid === from) return null;
    if (direction === 'nextFailure' && !isFailure(uid)) continue;
    return { uid, wrapped: at !== -1 && (raw >= n || raw < 0) };
  }
  return null;
}
