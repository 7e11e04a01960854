// What the extension needs from the format engine: the format, join and unjoined records of a read (shown in the
// Results view), the rescore of any format with the in-place undo or the sidecar, the fields a mapping can pick,
// and the unknown-layout error that offers a mapping.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  evaluateFile,
  evaluateResultFile,
  fieldsOfFile,
  formatInfoOf,
  formatOptionsFromSettings,
  formatShortName,
  formatTooltipLines,
  leafFields,
  readDataset,
  rescoreResultFile,
  rescoreResultText,
  sidecarPath,
  undoReplacement,
  UnknownLayoutError,
  DEFAULT_FIELDS,
  type Dataset,
} from '../../../src/core';
import { resultDescription, resultTooltip } from '../../../src/model';
import { readErrorText } from '../../../src/store/readResult';
import { REPO_ROOT } from '../helpers/shared';

const DEMO = path.join(REPO_ROOT, 'examples/demo');
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/formats-demo');
const LMMS = 'lmms-demo-model/20260801_samples_gst_bench.jsonl';
const basename = (p: string) => path.basename(p);

function copy(rel: string): string {
  const target = path.join(mkdtempSync(path.join(tmpdir(), 'gst-ext-formats-')), path.basename(rel));
  copyFileSync(path.join(FIXTURES, rel), target);
  return target;
}

let dataset: Dataset;
before(async () => {
  dataset = await readDataset(DEMO, { sniffMedia: false });
});

describe('the format of a read, for the Results view', () => {
  it('lmms-eval: doc_id joined by position and checked; the record past the end is counted, with its line, and is a problem', async () => {
    const file = path.join(FIXTURES, LMMS);
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
    const info = formatInfoOf(file, fe);
    assert.equal(info.name, 'lmms-eval');
    assert.equal(info.idField, 'doc_id');
    assert.equal(info.joins['position-checked'], dataset.questions.length);
    assert.equal(info.unjoined, 1);
    assert.deepEqual(info.firstUnjoined, { kind: 'line', line: dataset.questions.length + 1 });
    assert.ok(
      fe.evaluation.problems.some((p) => p.line === dataset.questions.length + 1 && /doc_id 36/.test(p.message)),
      fe.evaluation.problems.map((p) => `${p.line}: ${p.message}`).join('\n'),
    );
    // The same scores as the demo file it was made from.
    const oracle = await evaluateFile(dataset, path.join(DEMO, 'results/noisy-oracle.jsonl'), { profile: 'paper' });
    assert.equal(fe.evaluation.overall, oracle.overall);

    assert.equal(formatShortName(info, file), 'lmms-eval');
    const tip = formatTooltipLines(info, basename);
    assert.equal(tip[0], 'Format: lmms-eval samples');
    assert.match(tip.join('\n'), /36 by doc_id as a row index into the dataset's order, question text checked/);
    assert.match(tip.join('\n'), /1 record could not be joined to a dataset uid \(first: line 37\): listed in the Problems panel/);
    assert.match(tip.join('\n'), /Rescore writes the scores into the file, in place\./);

    const row = { id: file, file, colorIndex: 0, active: true, compared: true, evaluation: fe.evaluation, format: info };
    assert.match(resultDescription(row), /^lmms-eval · lmms-demo-model · gst_bench · 37 lines$/);
    assert.match(resultTooltip(row), /Format: lmms-eval samples/);
  });

  it('the canonical format has no short name; a line whose uid the dataset lacks is counted as not joined', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-ext-formats-'));
    const file = path.join(dir, 'run.jsonl');
    const uid = dataset.questions[0].uid;
    writeFileSync(file, `{"uid": "${uid}", "prediction": "1"}\n{"uid": "no-such-question", "prediction": "1"}\n`);
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
    const info = formatInfoOf(file, fe);
    assert.equal(info.name, 'canonical');
    assert.equal(formatShortName(info, file), undefined);
    assert.equal(info.joins.uid, 0, 'the canonical path does not go through the joiner');
    assert.equal(info.unjoined, 1);
    assert.deepEqual(info.firstUnjoined, { kind: 'line', line: 2 });
    const row = { id: file, file, colorIndex: 0, active: false, compared: false, evaluation: fe.evaluation, format: info };
    assert.equal(resultDescription(row), '2 lines', 'no format name before the parts');
  });

  it('VLMEvalKit .xlsx: named, joined by index and question; the rescore target is the sidecar', async () => {
    const file = path.join(FIXTURES, 'vlmevalkit-demo.xlsx');
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
    const info = formatInfoOf(file, fe);
    assert.equal(formatShortName(info, file), 'VLMEvalKit');
    assert.equal(info.inPlace, false);
    assert.equal(info.sidecarTarget, sidecarPath(file));
    assert.equal(info.joins['position-checked'], dataset.questions.length);
    const random = await evaluateFile(dataset, path.join(DEMO, 'results/random.jsonl'), { profile: 'paper' });
    assert.equal(fe.evaluation.overall, random.overall);
    assert.match(formatTooltipLines(info, basename).join('\n'), /Rescore writes vlmevalkit-demo\.xlsx\.gst-scores\.jsonl beside it/);
  });
});

describe('rescore of any format, as the extension runs it', () => {
  it('.xlsx: the sidecar is written and read back with its source; the workbook keeps its bytes', async () => {
    const file = copy('vlmevalkit-demo.xlsx');
    const bytes = readFileSync(file);
    const r = await rescoreResultFile(dataset, file, { profile: 'paper', keepPrevious: true });
    assert.deepEqual(r.written, { kind: 'sidecar', path: sidecarPath(file) });
    assert.equal(r.undo, undefined, 'nothing of the source was replaced, so there is nothing to undo');
    assert.ok(readFileSync(file).equals(bytes), 'the workbook is never rewritten');
    assert.deepEqual(r.format.sidecar, { path: sidecarPath(file), stale: false });
    const info = formatInfoOf(file, r.format);
    assert.match(formatTooltipLines(info, basename).join('\n'), /Scores saved in vlmevalkit-demo\.xlsx\.gst-scores\.jsonl;/);
    // The sidecar is a canonical result file naming its source record; a read of the workbook finds it.
    const first = JSON.parse(readFileSync(sidecarPath(file), 'utf8').split('\n')[0]) as { source: { file: string; row: number } };
    assert.equal(first.source.file, 'vlmevalkit-demo.xlsx');
    assert.equal(first.source.row, 2);
    const again = await evaluateResultFile(dataset, file, { profile: 'paper' });
    assert.deepEqual(again.sidecar, { path: sidecarPath(file), stale: false });
    const side = await evaluateFile(dataset, sidecarPath(file), { profile: 'paper' });
    assert.equal(side.overall, again.evaluation.overall);
  });

  it('a cancelled .xlsx rescore writes no sidecar', async () => {
    const file = copy('vlmevalkit-demo.xlsx');
    await assert.rejects(rescoreResultFile(dataset, file, { profile: 'paper', isCancelled: () => true }), /cancelled/);
    assert.throws(() => readFileSync(sidecarPath(file)), /ENOENT/);
  });

  it('lmms-eval: in place with the owned fields at the top level, and its undo puts the bytes back', async () => {
    const file = copy(LMMS);
    const before = readFileSync(file);
    const r = await rescoreResultFile(dataset, file, { profile: 'paper', keepPrevious: true });
    assert.deepEqual(r.written, { kind: 'in-place', path: file });
    assert.ok(r.undo, 'an in-place rescore with keepPrevious can be undone');
    const line = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as Record<string, unknown>;
    assert.ok('score' in line && 'parsed' in line && 'score_detail' in line, 'owned fields at the top level');
    assert.equal(r.format.unjoined, 1);
    await undoReplacement(r.undo);
    assert.ok(readFileSync(file).equals(before));
  });

  it("an editor's text of an lmms-eval log is rescored in its format, as the file would be", async () => {
    const file = copy(LMMS);
    const text = readFileSync(file, 'utf8');
    const r = await rescoreResultText(dataset, file, text, { profile: 'paper' });
    await rescoreResultFile(dataset, file, { profile: 'paper' });
    assert.equal(r.text, readFileSync(file, 'utf8'));
    assert.equal(r.format.detection.adapter.name, 'lmms-eval');
    assert.equal(r.format.unjoined, 1);
  });
});

describe('field mappings', () => {
  it('a CSV no format names is an unknown layout that needs a mapping; the row says so without CLI flags', async () => {
    const file = path.join(FIXTURES, 'generic-demo.csv');
    const err = await evaluateResultFile(dataset, file, { profile: 'paper' }).then(
      () => assert.fail('read without a mapping'),
      (e: Error) => e,
    );
    assert.ok(err instanceof UnknownLayoutError);
    assert.equal(
      readErrorText(err, true),
      'cannot read: a table of an unknown layout (columns: qid, answer, ground_truth); set a field mapping',
    );
    assert.equal(readErrorText(Object.assign(new Error('x'), { code: 'ENOENT' }), false), 'cannot read: ENOENT');
  });

  it('the fields offered are those the file has; the mapping reads it as the demo file it came from', async () => {
    const file = path.join(FIXTURES, 'generic-demo.csv');
    const fields = await fieldsOfFile(file);
    assert.deepEqual(
      fields.map((f) => f.path),
      ['qid', 'answer', 'ground_truth'],
    );
    assert.equal(fields[2].example, String(dataset.questions[0].answer));
    const mapping = { id: 'qid', prediction: 'answer', gold: 'ground_truth' };
    const fe = await evaluateResultFile(dataset, file, formatOptionsFromSettings({ profile: 'paper', fields: DEFAULT_FIELDS, mapping }));
    const b = await evaluateFile(dataset, path.join(DEMO, 'results/template-b.jsonl'), { profile: 'paper' });
    assert.equal(fe.evaluation.overall, b.overall);
    const info = formatInfoOf(file, fe, mapping);
    assert.equal(formatShortName(info, file), 'mapped CSV');
    assert.match(
      formatTooltipLines(info, basename).join('\n'),
      /Field mapping \(this workspace\): id qid, prediction answer, gold ground_truth/,
    );
  });

  it('JSON records offer their nested leaves as dotted paths, arrays by their first element', () => {
    const got = leafFields({ custom_id: 'r1', response: { body: { choices: [{ message: { content: 'C' } }, { x: 1 }] } }, empty: [] });
    assert.deepEqual(
      got.map((f) => f.path),
      ['custom_id', 'response.body.choices.0.message.content', 'empty'],
    );
    assert.equal(got[1].example, 'C');
  });

  it('a mapping wins over the settings; default settings leave the format to detection', () => {
    const custom = { uidField: 'doc.uid', predictionField: 'filtered_resps.0' };
    assert.equal(formatOptionsFromSettings({ profile: 'paper', fields: DEFAULT_FIELDS }).fields, undefined);
    assert.deepEqual(formatOptionsFromSettings({ profile: 'paper', fields: custom }).fields, {
      id: 'doc.uid',
      idRole: 'uid',
      prediction: 'filtered_resps.0',
    });
    assert.deepEqual(formatOptionsFromSettings({ profile: 'paper', fields: custom, mapping: { id: 'qid', prediction: 'answer' } }).fields, {
      id: 'qid',
      prediction: 'answer',
    });
  });
});
