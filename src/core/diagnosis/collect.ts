// Builds the diagnosis input from a dataset and a result file: the scored answers in the file's order, the map
// image sizes, the target's visible frames from `geometry`, and each line's `frames` field.
import { open } from 'node:fs/promises';
import type { Dataset, Question } from '../dataset/question';
import { EvaluationBuilder, type Evaluation, type EvaluateOptions } from '../results/evaluation';
import { getPath } from '../results/fieldPath';
import { readLineBatches } from '../results/lines';
import {
  diagnose,
  VISUAL_LOCALISATION_SUBTASKS,
  type DiagnosisAnswer,
  type FileDiagnosis,
  type FrameSampling,
  type TargetVisibility,
} from '../../shared/diagnosis';
import { detectRedBoxFrames } from './redBox';
import { framesFromField, visibilityFromGeometry } from '../../shared/diagnosis/visibility';
import type { Problem } from '../../shared/problems';
import { isSubtaskKey } from '../../shared/subtasks';
import type { WorkSlicer } from '../../shared/workSlices';

export interface DiagnoseFileOptions extends EvaluateOptions {
  /** The sampling assumed where a line has no `frames` field. */
  sampling?: FrameSampling;
  /** Dotted path of the frames a line's model saw (a count or a list of indices); default `frames`. */
  framesField?: string;
  /** Where `geometry` does not say where the target is visible, find the red box in the annotated video (needs ffmpeg). */
  detectRedBox?: boolean;
}

export interface FileDiagnosisReport {
  evaluation: Evaluation;
  diagnosis: FileDiagnosis;
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23); undefined for anything else. */
async function pngSize(file: string): Promise<{ width: number; height: number } | undefined> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return undefined;
  try {
    const head = Buffer.alloc(24);
    const { bytesRead } = await handle.read(head, 0, 24, 0);
    if (bytesRead < 24 || head.readUInt32BE(0) !== 0x89504e47 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  } finally {
    await handle.close();
  }
}

/** The map image a point answer refers to: `geometry.topdown` when present, else the last image's PNG header. */
async function mapImageSize(q: Question): Promise<{ width: number; height: number } | undefined> {
  const td = getPath(q.extra.geometry, 'topdown') as { width?: unknown; height?: unknown } | undefined;
  if (td && typeof td.width === 'number' && typeof td.height === 'number') return { width: td.width, height: td.height };
  const image = q.images[q.images.length - 1];
  return image?.path && image.exists && image.type === 'png' ? pngSize(image.path) : undefined;
}

/** Each scored line's frames field (a count or a list of indices), by uid, with its line for messages. */
export type LineFrames = Map<string, { value: unknown; line: number }>;

export async function diagnoseFile(dataset: Dataset, file: string, options: DiagnoseFileOptions): Promise<FileDiagnosisReport> {
  const builder = new EvaluationBuilder(dataset, file, options);
  const framesField = options.framesField ?? 'frames';
  const frames: LineFrames = new Map();
  for await (const batch of readLineBatches(file)) {
    for (const line of batch) {
      const out = builder.addLine(line);
      if (out.status !== 'scored') continue;
      const value = getPath(out.record, framesField);
      if (value === undefined) frames.delete(out.uid);
      else frames.set(out.uid, { value, line: line.number });
    }
  }
  const evaluation = builder.finish();
  const { answers, problems } = await diagnosisAnswers(dataset, evaluation, { ...options, frames });
  evaluation.problems.push(...problems);
  return { evaluation, diagnosis: diagnose(answers, { profile: options.profile, sampling: options.sampling }) };
}

/**
 * The diagnosis input of an evaluation already made (the extension's store holds one per result file): each scored
 * answer with its truth, map size, the target's visible frames and the frames its line says the model saw.
 */
export async function diagnosisAnswers(
  dataset: Dataset,
  evaluation: Evaluation,
  options: {
    frames?: LineFrames;
    detectRedBox?: boolean;
    /** Where `geometry` does not say: the visibility already known for the question (the extension's detections), never awaited. */
    visibilityOf?: (q: Question) => TargetVisibility | undefined;
    /** For a host's event loop: pauses between answers whenever its slice is spent. */
    slicer?: WorkSlicer;
  },
): Promise<{ answers: DiagnosisAnswer[]; problems: Problem[] }> {
  const file = evaluation.file;
  const frames = options.frames ?? new Map();
  const answers: DiagnosisAnswer[] = [];
  const problems: Problem[] = [];
  const detected = new Map<string, Promise<TargetVisibility | Error>>();
  for (const o of evaluation.byUid.values()) {
    if (options.slicer?.due()) await options.slicer.pause();
    const q = dataset.byUid.get(o.uid);
    if (!q || !isSubtaskKey(q.subtask) || !q.truth) continue;
    const a: DiagnosisAnswer = { uid: o.uid, subtask: q.subtask, truth: q.truth, parsed: o.parse.parsed, raw: o.prediction };
    if (q.kind === 'point') a.imageSize = await mapImageSize(q);
    a.visibility = visibilityFromGeometry(q.extra.geometry) ?? options.visibilityOf?.(q);
    if (!a.visibility && options.detectRedBox && VISUAL_LOCALISATION_SUBTASKS.includes(q.subtask) && q.video?.path && q.video.exists) {
      const video = q.video.path;
      if (!detected.has(video))
        detected.set(
          video,
          detectRedBoxFrames(video).catch((e: Error) => e),
        );
      const d = await detected.get(video)!;
      if (d instanceof Error)
        problems.push({
          file: q.source.file,
          line: q.source.line,
          severity: 'warning',
          uid: o.uid,
          message: `red-box detection failed: ${d.message}`,
        });
      else a.visibility = d;
    }
    const f = frames.get(o.uid);
    if (f && a.visibility) {
      const indices = framesFromField(f.value, a.visibility.frames);
      if (typeof indices === 'string')
        problems.push({ file, line: f.line, severity: 'warning', uid: o.uid, message: `${indices}; the line is diagnosed without it` });
      else a.sampledFrames = indices;
    }
    answers.push(a);
  }
  return { answers, problems };
}

/**
 * The frames field of each scored line of a JSON lines file, for an evaluation that kept no records (the
 * extension's): lines are matched to questions by the line number each outcome carries.
 */
export async function readLineFrames(evaluation: Evaluation, framesField = 'frames'): Promise<LineFrames> {
  const uidByLine = new Map<number, string>();
  for (const o of evaluation.byUid.values()) uidByLine.set(o.line, o.uid);
  const frames: LineFrames = new Map();
  // Most lines have no frames field: only a line naming the field's last key (or holding an escape, which could
  // spell it) can, and only those are parsed.
  const key = framesField.split('.').at(-1)!;
  for await (const batch of readLineBatches(evaluation.file)) {
    for (const line of batch) {
      const uid = uidByLine.get(line.number);
      if (uid === undefined || !(line.text.includes(key) || line.text.includes('\\u'))) continue;
      let record: unknown;
      try {
        record = JSON.parse(line.text);
      } catch {
        continue; // the line changed since it was scored; the next evaluation brings a new diagnosis
      }
      const value = getPath(record, framesField);
      if (value !== undefined) frames.set(uid, { value, line: line.number });
    }
  }
  return frames;
}
