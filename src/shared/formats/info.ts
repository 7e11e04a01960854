// What the Results view says about a result file's format: a short name for the row's description, and the
// tooltip's lines (the format, how its ids were joined, how many records were not, the mapping, where scores go).
import type { FieldMap, FormatName, JoinRule, RecordLocation } from './types';
import { formatLocation } from './types';

export interface ResultFormatInfo {
  name: FormatName;
  /** The adapter's label, e.g. "lmms-eval --log_samples". */
  label: string;
  /** Why detection chose it, e.g. "JSON lines whose first record has doc_id and filtered_resps". */
  reason: string;
  /** The field the ids came from (of the first record joined or not), e.g. `doc_id`, `custom_id`. */
  idField?: string;
  joins: Record<JoinRule, number>;
  /** Records whose id joined no dataset uid; each is a Problems entry with its location. */
  unjoined: number;
  firstUnjoined?: RecordLocation;
  /** The user's field mapping for this file, when one applied. */
  mapping?: FieldMap;
  /** JSON lines: rescored in place. Otherwise the scores go to a sidecar. */
  inPlace: boolean;
  /** The sidecar file a rescore wrote (absent until the first rescore, and for JSON lines). */
  sidecar?: { path: string; stale: boolean };
  /** The sidecar a rescore writes, for files that are not rewritten. */
  sidecarTarget?: string;
}

const SHORT_NAMES: Record<FormatName, string | undefined> = {
  canonical: undefined,
  'gst-bench': 'GST-Bench',
  'lmms-eval': 'lmms-eval',
  'openai-batch': 'OpenAI batch',
  'gemini-batch': 'Gemini batch',
  vlmevalkit: 'VLMEvalKit',
  'inspect-eval': 'Inspect .eval',
  'inspect-json': 'Inspect .json',
  'generic-jsonl': 'JSONL',
  'generic-table': 'table',
};

/** The name of a file's container from its extension, for generic tables: "CSV", "XLSX", "JSON". */
function containerName(file: string): string {
  const ext = /\.([^./\\]+)$/.exec(file)?.[1];
  return ext ? ext.toUpperCase() : 'table';
}

/**
 * A few characters for the Results row's description: "lmms-eval", "VLMEvalKit", "mapped CSV". Undefined for the
 * canonical format, which is what every row without a name is.
 */
export function formatShortName(info: ResultFormatInfo, file: string): string | undefined {
  const generic = info.name === 'generic-table' ? containerName(file) : SHORT_NAMES[info.name];
  if (generic === undefined) return info.mapping ? 'mapped' : undefined;
  return info.mapping ? `mapped ${generic}` : generic;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** "3 by uid, 2 by doc_id row index (question text checked)"; empty when nothing was joined. */
export function joinText(info: ResultFormatInfo): string {
  const id = info.idField ?? 'id';
  const j = info.joins;
  const parts: string[] = [];
  if (j.uid > 0) parts.push(`${j.uid.toLocaleString('en')} by uid (${id} is a dataset uid)`);
  if (j['position-checked'] > 0)
    parts.push(`${j['position-checked'].toLocaleString('en')} by ${id} as a row index into the dataset's order, question text checked`);
  if (j['position-unchecked'] > 0)
    parts.push(
      `${j['position-unchecked'].toLocaleString('en')} by ${id} as a row index into the dataset's order, no question text to check`,
    );
  if (j['request-file'] > 0) parts.push(`${j['request-file'].toLocaleString('en')} by ${id} via the request file`);
  if (j['id-pattern'] > 0) parts.push(`${j['id-pattern'].toLocaleString('en')} by ${id} through the id regex`);
  return parts.join('; ');
}

function mappingText(m: FieldMap): string {
  const parts: string[] = [];
  if (m.id !== undefined) parts.push(`id ${m.id}${m.idRole === 'uid' ? ' (uids)' : ''}`);
  if (m.prediction !== undefined) parts.push(`prediction ${m.prediction}`);
  if (m.gold !== undefined) parts.push(`gold ${m.gold}`);
  return parts.join(', ');
}

/** The tooltip's lines about the format, the join and where a rescore writes. */
export function formatTooltipLines(info: ResultFormatInfo, basename: (p: string) => string): string[] {
  const lines = [`Format: ${info.label}`, `Detected: ${info.reason}`];
  const joined = joinText(info);
  lines.push(joined ? `Joined: ${joined}` : 'Joined: no record');
  if (info.unjoined > 0) {
    const first = info.firstUnjoined ? ` (first: ${formatLocation(info.firstUnjoined)})` : '';
    lines.push(`${plural(info.unjoined, 'record')} could not be joined to a dataset uid${first}: listed in the Problems panel`);
  }
  if (info.mapping) lines.push(`Field mapping (this workspace): ${mappingText(info.mapping)}`);
  if (info.inPlace) lines.push('Rescore writes the scores into the file, in place.');
  else if (info.sidecar)
    lines.push(
      `Scores saved in ${basename(info.sidecar.path)}${info.sidecar.stale ? ', which is older than the file: rescore again' : ''}; the file itself is never rewritten.`,
    );
  else if (info.sidecarTarget) lines.push(`Rescore writes ${basename(info.sidecarTarget)} beside it; the file itself is never rewritten.`);
  return lines;
}
