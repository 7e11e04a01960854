// Maps one parsed record of each harness's format to a ResultRecord. Pure: the adapters do the reading.
import { getPath } from '../results/fieldPath';
import type { FieldMap, RecordLocation, ResultRecord } from '../../shared/formats/types';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A string or a number as text; anything else is no value. */
export function scalarText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
}

function idValue(v: unknown): string | number | null {
  return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : null;
}

/**
 * lmms-eval's `filtered_resps` (and `resps`): a string in some versions, `[str]` in others, `[[str]]` with
 * several filters or samples. The first answer is the one the task's metric scored.
 */
export function firstResponse(v: unknown): string | undefined {
  let cur = v;
  for (let depth = 0; depth < 4 && Array.isArray(cur); depth++) cur = cur[0];
  return scalarText(cur);
}

/** The text of a chat message's content: a string, or a list of parts whose text parts are joined. */
function contentText(content: unknown, attachments?: Obj): string | undefined {
  const resolve = (s: string) => resolveAttachment(s, attachments);
  if (typeof content === 'string') return resolve(content);
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') texts.push(resolve(part));
    // Reasoning parts are not the answer; a `</think>` in text parts is handled by the answer parser.
    else if (isObj(part) && (part.type === 'text' || part.type === 'output_text') && typeof part.text === 'string')
      texts.push(resolve(part.text));
  }
  return texts.length > 0 ? texts.join('') : undefined;
}

const ATTACHMENT_PREFIX = 'attachment://';

/** Inspect stores long strings once per sample, in `attachments`, and writes `attachment://<hash>` in their place. */
export function resolveAttachment(s: string, attachments?: Obj): string {
  if (!s.startsWith(ATTACHMENT_PREFIX) || !attachments) return s;
  const v = attachments[s.slice(ATTACHMENT_PREFIX.length)];
  return typeof v === 'string' ? v : s;
}

/** The project's own JSONL: `uid` and `prediction`, or the fields the user named. */
export function canonicalRecord(
  o: Obj,
  location: RecordLocation,
  fields: { uid: string; prediction: string; gold?: string },
): ResultRecord {
  return {
    id: idValue(getPath(o, fields.uid)),
    idField: fields.uid,
    idRole: 'uid',
    prediction: scalarText(getPath(o, fields.prediction)) ?? null,
    gold: fields.gold ? scalarText(getPath(o, fields.gold)) : scalarText(o.gold),
    model: scalarText(o.model),
    location,
  };
}

/** GST-Bench's evaluation scripts: `uid`, `pred`, `gt`. */
export function gstBenchRecord(o: Obj, location: RecordLocation): ResultRecord {
  return {
    id: idValue(o.uid),
    idField: 'uid',
    idRole: 'uid',
    prediction: scalarText(o.pred) ?? null,
    gold: scalarText(o.gt),
    model: scalarText(o.model),
    location,
  };
}

/** An lmms-eval `--log_samples` line. A task may copy the doc's own fields, so a `uid` beats the positional `doc_id`. */
export function lmmsEvalRecord(o: Obj, location: RecordLocation): ResultRecord {
  const doc = isObj(o.doc) ? o.doc : undefined;
  const prediction = firstResponse(o.filtered_resps) ?? firstResponse(o.resps) ?? null;
  const base = { prediction, gold: firstResponse(o.target), questionText: scalarText(o.input) ?? questionTextOf(doc), location };
  const copied = copiedUid(o, doc);
  if (copied) return { ...base, id: copied.uid, idField: copied.field, idRole: 'uid' };
  return { ...base, id: idValue(o.doc_id), idField: 'doc_id', idRole: 'row-index' };
}

/**
 * A uid the task copied from its doc: at the top level, in `doc`, or (as VSI-Bench's `process_results` does with
 * the doc's fields) inside a metric's dict, e.g. `{"gst_bench_score": {"uid": …, "prediction": …}}`.
 */
function copiedUid(o: Obj, doc: Obj | undefined): { uid: string | number; field: string } | undefined {
  const top = idValue(o.uid);
  if (top !== null) return { uid: top, field: 'uid' };
  const inDoc = idValue(doc?.uid);
  if (inDoc !== null) return { uid: inDoc, field: 'doc.uid' };
  for (const [key, v] of Object.entries(o)) {
    if (key === 'doc' || !isObj(v)) continue;
    const uid = idValue(v.uid);
    if (uid !== null) return { uid, field: `${key}.uid` };
  }
  return undefined;
}

function questionTextOf(doc: Obj | undefined): string | undefined {
  if (!doc) return undefined;
  if (Array.isArray(doc.texts)) return doc.texts.filter((t): t is string => typeof t === 'string').join('\n') || undefined;
  return scalarText(doc.question);
}

/** An OpenAI Batch output line: chat completions (`choices`) or responses (`output`) bodies. */
export function openAiBatchRecord(o: Obj, location: RecordLocation): ResultRecord {
  const response = isObj(o.response) ? o.response : undefined;
  const body = isObj(response?.body) ? response.body : undefined;
  const status = response?.status_code;
  let prediction: string | undefined;
  const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
  if (isObj(choice) && isObj(choice.message)) prediction = contentText(choice.message.content);
  if (prediction === undefined && Array.isArray(body?.output)) {
    const texts = body.output
      .filter(isObj)
      .map((item) => contentText(item.content))
      .filter((t): t is string => t !== undefined);
    if (texts.length > 0) prediction = texts.join('');
  }
  let predictionError: string | undefined;
  if (isObj(o.error)) predictionError = `request failed: ${scalarText(o.error.code) ?? ''} ${scalarText(o.error.message) ?? ''}`.trim();
  else if (typeof status === 'number' && status !== 200) {
    const err = isObj(body?.error) ? scalarText(body.error.message) : undefined;
    predictionError = `request failed with HTTP ${status}${err ? `: ${err}` : ''}`;
  } else if (prediction === undefined) predictionError = 'no message content in response.body';
  return {
    id: idValue(o.custom_id),
    idField: 'custom_id',
    idRole: 'request-id',
    prediction: predictionError ? null : (prediction ?? null),
    predictionError,
    model: scalarText(body?.model),
    location,
  };
}

/** A Gemini Batch output line: `key`, `response.candidates[0].content.parts[].text` (thought parts left out). */
export function geminiBatchRecord(o: Obj, location: RecordLocation): ResultRecord {
  const response = isObj(o.response) ? o.response : undefined;
  const candidate = Array.isArray(response?.candidates) ? response.candidates[0] : undefined;
  const parts = isObj(candidate) && isObj(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
  const texts = parts.filter((p): p is Obj => isObj(p) && p.thought !== true && typeof p.text === 'string').map((p) => p.text as string);
  let predictionError: string | undefined;
  if (o.error !== undefined && o.error !== null)
    predictionError = `request failed: ${isObj(o.error) ? (scalarText(o.error.message) ?? JSON.stringify(o.error)) : String(o.error)}`;
  else if (texts.length === 0)
    predictionError = `no text in response.candidates[0]${isObj(candidate) && typeof candidate.finishReason === 'string' ? ` (finishReason ${candidate.finishReason})` : ''}`;
  return {
    id: idValue(o.key),
    idField: 'key',
    idRole: 'request-id',
    prediction: predictionError ? null : texts.join(''),
    predictionError,
    model: scalarText(response?.modelVersion),
    location,
  };
}

/** A VLMEvalKit prediction row (`index`, `question`, `answer`, `prediction`), from a sheet, a TSV/CSV or JSON. */
export function vlmEvalKitRecord(row: Obj, location: RecordLocation): ResultRecord {
  const uid = idValue(row.uid);
  const base = {
    prediction: scalarText(row.prediction) ?? null,
    gold: scalarText(row.answer),
    questionText: scalarText(row.question),
    location,
  };
  if (uid !== null) return { ...base, id: uid, idField: 'uid', idRole: 'uid' };
  return { ...base, id: idValue(row.index), idField: 'index', idRole: 'row-index' };
}

/** A generic record through the user's mapping (dotted paths; a sheet's column names are plain paths). */
export function mappedRecord(o: Obj, location: RecordLocation, fields: FieldMap): ResultRecord {
  const idField = fields.id ?? 'uid';
  const predictionField = fields.prediction ?? 'prediction';
  return {
    id: idValue(getPath(o, idField)),
    idField,
    idRole: fields.idRole ?? (idField === 'uid' ? 'uid' : 'other'),
    prediction: scalarText(getPath(o, predictionField)) ?? null,
    predictionError: `no "${predictionField}" text`,
    gold: fields.gold ? scalarText(getPath(o, fields.gold)) : undefined,
    model: scalarText(o.model),
    location,
  };
}

/**
 * One Inspect sample (from a .eval entry or a .json log's `samples`). The raw output is `output.completion`, else the
 * first choice's message; `attachment://` references resolve through the sample's `attachments`.
 */
export function inspectSampleRecord(sample: Obj, location: RecordLocation, model?: string): ResultRecord {
  const attachments = isObj(sample.attachments) ? sample.attachments : undefined;
  const output = isObj(sample.output) ? sample.output : undefined;
  let prediction =
    typeof output?.completion === 'string' && output.completion !== '' ? resolveAttachment(output.completion, attachments) : undefined;
  const choice = Array.isArray(output?.choices) ? output.choices[0] : undefined;
  if (prediction === undefined && isObj(choice) && isObj(choice.message)) prediction = contentText(choice.message.content, attachments);
  const target = sample.target;
  const gold =
    typeof target === 'string'
      ? target.trim()
      : Array.isArray(target)
        ? target.filter((t): t is string => typeof t === 'string').join(' | ')
        : undefined;
  const errorText = isObj(sample.error) ? scalarText(sample.error.message) : undefined;
  return {
    id: idValue(sample.id),
    idField: 'id',
    idRole: 'other',
    prediction: prediction ?? null,
    predictionError: prediction === undefined ? (errorText ? `sample failed: ${errorText}` : 'no output in the sample') : undefined,
    gold,
    questionText: inspectInputText(sample.input, attachments),
    model: scalarText(output?.model) ?? model,
    location,
  };
}

function inspectInputText(input: unknown, attachments?: Obj): string | undefined {
  if (typeof input === 'string') return resolveAttachment(input, attachments);
  if (!Array.isArray(input)) return undefined;
  const user = input.find((m) => isObj(m) && m.role === 'user');
  return isObj(user) ? contentText(user.content, attachments) : undefined;
}
