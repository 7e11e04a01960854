import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, rename, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { Dataset } from '../dataset/question';
import { topLevelProperties } from '../jsonText';
import { parsedToJson } from '../parsing/parsedValue';
import { ScoreAccumulator } from '../scoring/aggregate';
import { isSubtaskKey } from '../subtasks';
import { EvaluationBuilder, toSummary, type EvaluateOptions, type Evaluation, type Summary } from './evaluation';
import { readLines, splitLines, type Line } from './lines';
import type { LineOutcome } from './scoreLine';

/** The fields a rescore owns. Every other byte of a result file belongs to the user. */
export const OWNED_FIELDS = ['parsed', 'score', 'score_detail'] as const;

export interface RescoreReport extends Summary {
  /** Overall computed from the `score` values the file held before, or null if it held none. */
  overallBefore: number | null;
  /** Scored lines whose `score` value changed (including lines that had none). */
  changed: number;
}

export interface RescoreOptions extends EvaluateOptions {
  /** Checked between lines; when it returns true the rescore stops and nothing is written. */
  isCancelled?: () => boolean;
}

export class RescoreCancelled extends Error {
  constructor() {
    super('rescore cancelled; nothing was written');
  }
}

/** Rewrites one scored line: replaces or inserts only the owned fields, keeping every other byte. */
export function rewriteLine(text: string, owned: Record<(typeof OWNED_FIELDS)[number], unknown>): string {
  const compact = !/"\s*:\s/.test(text) ? true : false;
  const colon = compact ? ':' : ': ';
  const fmt = (v: unknown) => (compact ? JSON.stringify(v) : JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']').replace(/\{ /g, '{').replace(/ \}/g, '}'));
  const hasOwned = OWNED_FIELDS.some((k) => text.includes(`"${k}"`));
  const props = hasOwned ? topLevelProperties(text) : [];
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const present = new Set<string>();
  for (const p of props) {
    if (!(OWNED_FIELDS as readonly string[]).includes(p.key)) continue;
    present.add(p.key);
    const next = owned[p.key as keyof typeof owned];
    const current = text.slice(p.valueStart, p.valueEnd);
    // Keep the user's spelling of an equal value (`1.0` for 1): a second rescore changes nothing.
    if (sameJson(current, next)) continue;
    edits.push({ start: p.valueStart, end: p.valueEnd, text: fmt(next) });
  }
  const missing = OWNED_FIELDS.filter((k) => !present.has(k));
  if (missing.length > 0) {
    const close = text.lastIndexOf('}');
    let before = close;
    while (before > 0 && /\s/.test(text[before - 1])) before--;
    const empty = text[before - 1] === '{';
    const sep = compact ? ',' : ', ';
    const inserted = missing.map((k) => `"${k}"${colon}${fmt(owned[k])}`).join(sep);
    edits.push({ start: before, end: before, text: (empty ? '' : sep) + inserted });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function sameJson(literal: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(literal)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** Rescoring state shared by the text and the streaming file entry points. */
class Rescorer {
  private readonly builder: EvaluationBuilder;
  private readonly before = new ScoreAccumulator();
  private hadScores = false;
  private changed = 0;

  constructor(private readonly dataset: Dataset, file: string, private readonly options: RescoreOptions) {
    this.builder = new EvaluationBuilder(dataset, file, options);
  }

  /** The line's new text, with its ending. */
  process(line: Line): string {
    if (this.options.isCancelled?.()) throw new RescoreCancelled();
    const out: LineOutcome = this.builder.addLine(line);
    if (out.status !== 'scored') return line.text + line.eol;
    const old = out.record.score;
    if (typeof old === 'number') {
      this.hadScores = true;
      if (isSubtaskKey(out.question.subtask)) this.before.add(out.question.subtask, old, out.record.parsed === null);
    }
    if (old !== out.result.score) this.changed++;
    const text = rewriteLine(line.text, {
      parsed: parsedToJson(out.parse.parsed),
      score: out.result.score,
      score_detail: out.result.detail,
    });
    return text + line.eol;
  }

  report(): { report: RescoreReport; evaluation: Evaluation } {
    const evaluation = this.builder.finish();
    return {
      evaluation,
      report: { ...toSummary(evaluation), overallBefore: this.hadScores ? this.before.overall() : null, changed: this.changed },
    };
  }
}

/** Rescores result text, e.g. an editor buffer. Returns the new text; bytes outside owned fields are kept. */
export function rescoreText(dataset: Dataset, file: string, text: string, options: RescoreOptions): { text: string; report: RescoreReport; evaluation: Evaluation } {
  const r = new Rescorer(dataset, file, options);
  const parts: string[] = [];
  for (const line of splitLines(text)) parts.push(r.process(line));
  return { text: parts.join(''), ...r.report() };
}

/**
 * Rescores a result file in place, streaming: lines go to a temporary file in the same folder,
 * which then replaces the original by rename. On any error or cancellation the original is untouched.
 */
export async function rescoreFile(dataset: Dataset, file: string, options: RescoreOptions & { dryRun?: boolean }): Promise<{ report: RescoreReport; evaluation: Evaluation }> {
  const abs = path.resolve(file);
  const mode = (await stat(abs)).mode;
  const r = new Rescorer(dataset, abs, options);
  if (options.dryRun) {
    for await (const line of readLines(abs)) r.process(line);
    return r.report();
  }
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
  const out = createWriteStream(tmp, { flags: 'wx', mode });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  try {
    let buf: string[] = [];
    let size = 0;
    for await (const line of readLines(abs)) {
      const t = r.process(line);
      buf.push(t);
      size += t.length;
      if (size > 1 << 16) {
        if (!out.write(buf.join(''))) await new Promise<void>((res) => out.once('drain', () => res()));
        buf = [];
        size = 0;
      }
    }
    out.end(buf.join(''));
    await closed;
    await chmod(tmp, mode & 0o7777);
    await rename(tmp, abs);
  } catch (e) {
    out.destroy();
    await closed.catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  return r.report();
}
