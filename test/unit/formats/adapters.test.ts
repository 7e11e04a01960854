import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  ADAPTERS,
  adapterByName,
  detectFormat,
  evaluateResultFile,
  readDataset,
  type Dataset,
  type FormatEvaluation,
  type RecordOrProblem,
  type ResultRecord,
} from '../../../src/core';
import { WholeFileReads, xlsxRows } from '../../../src/core/formats/containers';
import { xlsx } from '../../../scripts/lib/xlsxWriter';
import { REPO_ROOT } from '../helpers/shared';

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/formats');
const fixture = (name: string) => path.join(FIXTURES, name);

async function records(format: string, name: string, fields?: Record<string, string>): Promise<RecordOrProblem[]> {
  const out: RecordOrProblem[] = [];
  for await (const r of adapterByName(format)!.read(fixture(name), { fields })) out.push(r);
  return out;
}
const onlyRecords = (rs: RecordOrProblem[]): ResultRecord[] => rs.flatMap((r) => ('record' in r ? [r.record] : []));
const messages = (fe: FormatEvaluation) => fe.evaluation.problems.map((p) => `${p.line ?? '-'}: ${p.message}`);

let dataset: Dataset;
before(async () => {
  dataset = await readDataset(fixture('dataset.jsonl'));
});

describe('lmms-eval samples', () => {
  it('reads filtered_resps as a string, [str] and [[str]], with or without resps', async () => {
    assert.deepEqual(
      onlyRecords(await records('lmms-eval', 'lmms-eval-string.jsonl')).map((r) => r.prediction),
      ['The chair is at -130 degrees.', 'About 1.0 m'],
    );
    assert.deepEqual(
      onlyRecords(await records('lmms-eval', 'lmms-eval-list.jsonl')).map((r) => r.prediction),
      ['<point>400 700</point>', 'C'],
    );
    const nested = onlyRecords(await records('lmms-eval', 'lmms-eval-nested.jsonl'));
    assert.deepEqual(
      nested.map((r) => r.prediction),
      ['-140', '2.5', 'A', 'B'],
    ); // the last has only resps
    assert.deepEqual(
      nested.map((r) => [r.id, r.idField, r.idRole]),
      [
        [0, 'doc_id', 'row-index'],
        [1, 'doc_id', 'row-index'],
        [9, 'doc_id', 'row-index'],
        [3, 'doc_id', 'row-index'],
      ],
    );
    assert.equal(nested[0].gold, '-134');
    assert.deepEqual(nested[0].location, { kind: 'line', line: 1 });
  });

  it('joins doc_id through the dataset order, checked against the copied input text', async () => {
    const fe = await evaluateResultFile(dataset, fixture('lmms-eval-nested.jsonl'), { profile: 'paper' });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_angle', 'fx_choice']);
    assert.equal(fe.joins['position-checked'], 1);
    assert.equal(fe.joins['position-unchecked'], 1); // the line without `input`
    const m = messages(fe);
    assert.ok(
      m.some((s) => /^2: doc_id 1 is question fx_dist by position .* question text differs; not joined/.test(s)),
      m.join('\n'),
    );
    assert.ok(
      m.some((s) => /^3: doc_id 9 is past the end of the dataset \(5 questions\)/.test(s)),
      m.join('\n'),
    );
    assert.ok(
      m.some((s) => /1 record\(s\) joined to uids by their position .* no question text/.test(s)),
      m.join('\n'),
    );
  });

  it('a uid copied into a metric dict beats the positional doc_id', async () => {
    const fe = await evaluateResultFile(dataset, fixture('lmms-eval-copied-uid.jsonl'), { profile: 'paper' });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_choice', 'fx_dist']);
    assert.equal(fe.joins.uid, 2);
    assert.equal(fe.evaluation.byUid.get('fx_choice')!.score, 1);
    assert.equal(fe.evaluation.byUid.get('fx_dist')!.score, 0);
  });

  it('--index-subtask counts doc_id within one subtask', async () => {
    const fe = await evaluateResultFile(dataset, fixture('lmms-eval-list.jsonl'), { profile: 'paper', join: { indexSubtask: 'position' } });
    // doc_id 2 and 3 are past the end of the one-question subtask.
    assert.equal(fe.evaluation.scored, 0);
    assert.match(messages(fe)[0], /doc_id 2 is past the end of subtask position \(1 questions\)/);
  });
});

describe('OpenAI and Gemini batch output', () => {
  it('out-of-order output joins by custom_id; failed requests are reported with their line', async () => {
    const fe = await evaluateResultFile(dataset, fixture('openai-batch-output.jsonl'), { profile: 'paper' });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_choice', 'fx_angle']);
    assert.equal(fe.evaluation.byUid.get('fx_angle')!.score, 1, 'Korean prose with the number');
    assert.deepEqual(messages(fe), [
      '3: request failed: batch_expired This request could not be executed before the completion window expired.',
      '4: request failed with HTTP 500: The server had an error processing your request.',
    ]);
    assert.equal(fe.evaluation.problems[0].uid, 'fx_dist');
  });

  it('custom_id through the request file; ids it does not name are reported, never guessed', async () => {
    const fe = await evaluateResultFile(dataset, fixture('openai-batch-custom-ids.jsonl'), {
      profile: 'paper',
      requestsFile: fixture('openai-batch-requests.jsonl'),
    });
    assert.deepEqual([...fe.evaluation.byUid.keys()].sort(), ['fx_angle', 'fx_dist']);
    assert.equal(fe.joins['request-file'], 2);
    const m = messages(fe);
    assert.ok(
      m.some((s) => /^3: 1 request line\(s\) name no uid/.test(s)),
      m.join('\n'),
    );
    assert.ok(
      m.some((s) => /^3: custom_id request-7 is not a dataset uid/.test(s)),
      m.join('\n'),
    );
  });

  it('without a request file, custom_ids that are not uids are reported', async () => {
    const fe = await evaluateResultFile(dataset, fixture('openai-batch-custom-ids.jsonl'), { profile: 'paper' });
    assert.equal(fe.evaluation.scored, 0);
    assert.match(messages(fe)[0], /custom_id request-1 is not a dataset uid \(give --requests/);
  });

  it('Gemini: key through --id-pattern, thought parts left out, error lines reported', async () => {
    const fe = await evaluateResultFile(dataset, fixture('gemini-batch-output.jsonl'), {
      profile: 'paper',
      join: { idPattern: /^gst-(?<uid>.+)$/ },
    });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_point', 'fx_choice']);
    assert.equal(fe.evaluation.byUid.get('fx_point')!.prediction, '<point>391 698</point>');
    assert.equal(fe.evaluation.byUid.get('fx_choice')!.prediction, 'Answer: D');
    assert.deepEqual(messages(fe), [
      '3: request failed: Resource has been exhausted',
      '4: key other-7 does not match --id-pattern ^gst-(?<uid>.+)$',
    ]);
    assert.equal(fe.evaluation.model, undefined); // a batch line's model is a record field, not the file's label
  });
});

describe('GST-Bench scripts and generic JSON lines', () => {
  it('uid/pred/gt', async () => {
    const rs = onlyRecords(await records('gst-bench', 'gst-bench-results.jsonl'));
    assert.deepEqual(
      rs.map((r) => [r.id, r.prediction, r.gold]),
      [
        ['fx_angle', '-134', '-134'],
        ['fx_dist', '1.3', '1'],
        ['fx_missing', 'A', 'A'],
      ],
    );
    const fe = await evaluateResultFile(dataset, fixture('gst-bench-results.jsonl'), { profile: 'paper' });
    assert.deepEqual(messages(fe), ['3: uid not in the dataset: fx_missing']);
  });

  it('a canonical file with --id-pattern goes through the join rules', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-pattern-')), 'r.jsonl');
    writeFileSync(
      file,
      '{"uid":"run1-fx_choice","prediction":"C"}\n{"uid":"fx_angle","prediction":"-134"}\n{"uid":"zzz","prediction":"1"}\n',
    );
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper', join: { idPattern: /^run1-(.+)$/ } });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_choice', 'fx_angle']);
    assert.deepEqual(messages(fe), ['3: uid zzz does not match --id-pattern ^run1-(.+)$']);
  });

  it('ids as integers and as strings both join; unknown ids are reported', async () => {
    const fe = await evaluateResultFile(dataset, fixture('generic-mixed-ids.jsonl'), {
      profile: 'paper',
      fields: { id: 'question_id', prediction: 'text' },
    });
    assert.equal(fe.detection.adapter.name, 'generic-jsonl');
    assert.equal(fe.evaluation.byUid.get('1007')!.line, 2, 'the string id on line 2 repeats the integer id of line 1');
    assert.ok(fe.evaluation.byUid.has('fx_choice'));
    assert.ok(messages(fe).includes('4: question_id 42 is not a dataset uid (give --id-pattern <regex>)'), messages(fe).join('\n'));
  });
});

describe('tables: VLMEvalKit .xlsx and .tsv, generic CSV and JSON arrays', () => {
  it('.xlsx: a column headed "__proto__" is kept as a field, not lost or made the prototype', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-xlsx-')), 'sheet.xlsx');
    writeFileSync(
      file,
      xlsx([
        ['index', '__proto__', 'prediction'],
        [1, 'kept', 'B'],
      ]),
    );
    const rows = [];
    for await (const item of xlsxRows(file)) if ('obj' in item) rows.push(item.obj);
    assert.equal(rows.length, 1);
    assert.deepEqual(Object.keys(rows[0]), ['index', '__proto__', 'prediction']);
    assert.equal(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value, 'kept');
    assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype);
  });
  it('.xlsx rows with sheet and row, numeric index as exact text, a newline inside a cell', async () => {
    const rs = onlyRecords(await records('vlmevalkit', 'vlmevalkit-predictions.xlsx'));
    assert.deepEqual(
      rs.map((r) => [r.id, r.location]),
      [
        ['0', { kind: 'row', row: 2, sheet: 'Sheet1' }],
        ['3', { kind: 'row', row: 3, sheet: 'Sheet1' }],
        ['2', { kind: 'row', row: 4, sheet: 'Sheet1' }],
        ['1', { kind: 'row', row: 5, sheet: 'Sheet1' }],
      ],
    );
    assert.equal(rs[1].prediction, 'C. The camera turned\nright twice.');
    const fe = await evaluateResultFile(dataset, fixture('vlmevalkit-predictions.xlsx'), { profile: 'paper' });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_angle', 'fx_choice', 'fx_point']);
    assert.deepEqual(messages(fe), [
      "5: Sheet1 row 5: index 1 is question fx_dist by position in the dataset, but the record's question text differs; not joined (another dataset order or version?)",
    ]);
    assert.deepEqual(fe.locations.get('fx_point'), { kind: 'row', row: 4, sheet: 'Sheet1' });
  });

  it('.tsv with a quoted newline: the record keeps its first line as its row', async () => {
    const rs = onlyRecords(await records('vlmevalkit', 'vlmevalkit-predictions.tsv'));
    assert.deepEqual(
      rs.map((r) => (r.location.kind === 'row' ? r.location.row : -1)),
      [2, 3, 6],
    );
    assert.equal(rs[1].prediction, 'B.\n\nThe camera turned left.');
  });

  it('CSV with quoted newlines and doubled quotes, through a column mapping', async () => {
    const fe = await evaluateResultFile(dataset, fixture('generic-quoted-newlines.csv'), {
      profile: 'paper',
      fields: { id: 'id', prediction: 'output', gold: 'truth' },
    });
    assert.equal(fe.detection.adapter.name, 'generic-table');
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_choice', 'fx_angle', 'fx_dist']);
    assert.equal(fe.evaluation.byUid.get('fx_choice')!.prediction, 'I think\nthe answer is C.');
    assert.equal(fe.evaluation.byUid.get('fx_dist')!.prediction, '"1 m", roughly');
    assert.deepEqual(fe.locations.get('fx_angle'), { kind: 'row', row: 8 });
    assert.equal(fe.evaluation.skipped, 0);
  });

  it('JSON array where `answer` is the model output and `ground_truth` the gold; an element without an id is reported', async () => {
    const fe = await evaluateResultFile(dataset, fixture('generic-array.json'), {
      profile: 'paper',
      fields: { id: 'qid', prediction: 'answer', gold: 'ground_truth' },
    });
    assert.deepEqual([...fe.evaluation.byUid.keys()], ['fx_choice', 'fx_angle']);
    assert.equal((fe.evaluation.byUid.get('fx_angle')!.parse.parsed as { value: number }).value, -45, '45 degrees to the right');
    assert.deepEqual(messages(fe), ['4: element 2: no "qid" field']);
  });

  it('a JSON array in raw UTF-8 with a BOM: non-ASCII answers and keys read as written, elements at their lines', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-utf8-array-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'out.json');
    const text = [
      '[',
      '  {"qid": "fx_choice", "réponse": "C – sûr"},',
      '  {"qid": "fx_angle",',
      '   "réponse": "–45° (à droite)"},',
      '  {"réponse": "A"}',
      ']',
    ].join('\n');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper', fields: { id: 'qid', prediction: 'réponse' } });
    assert.deepEqual(
      [...fe.evaluation.byUid.values()].map((o) => [o.uid, o.prediction]),
      [
        ['fx_choice', 'C – sûr'],
        ['fx_angle', '–45° (à droite)'],
      ],
    );
    assert.deepEqual(messages(fe), ['5: element 2: no "qid" field']);
    // Bytes that are not UTF-8 are refused as before, not read with replacement characters.
    writeFileSync(file, Buffer.concat([Buffer.from('[{"qid": "fx_angle", "réponse": "'), Buffer.from([0xb0]), Buffer.from('"}]')]));
    await assert.rejects(() => evaluateResultFile(dataset, file, { profile: 'paper', fields: { id: 'qid', prediction: 'réponse' } }));
  });
});

describe('Inspect logs', () => {
  for (const name of ['inspect-deflate.eval', 'inspect-zstd.eval']) {
    it(`${name}: samples in completion order, epochs, attachment:// output, failed samples reported`, async () => {
      const rs = await records('inspect-eval', name);
      const recs = onlyRecords(rs);
      assert.deepEqual(
        recs.map((r) => [r.id, r.location.kind === 'sample' ? r.location.epoch : -1]),
        [
          ['fx_choice', 1],
          ['fx_angle', 2],
          ['fx_angle', 1],
          ['fx_point', 1],
          ['fx_dist', 1],
        ],
      );
      assert.equal(recs[0].gold, 'C', 'the leading space of the target is dropped');
      assert.equal(recs[1].prediction, '-130', 'text parts of a content list, reasoning left out');
      assert.equal(recs[1].gold, '-134', 'a list target');
      assert.equal(recs[3].prediction, 'I am at <point>391 698</point>.');
      assert.equal(recs[3].questionText, 'Where are you on the top-down map?');
      assert.equal(recs[4].prediction, null);
      assert.equal(recs[0].model, 'gpt-4o');
      const fe = await evaluateResultFile(dataset, fixture(name), { profile: 'paper' });
      assert.equal(fe.evaluation.scored, 4);
      assert.equal(fe.evaluation.byUid.get('fx_point')!.score, 1);
      const dist = fe.evaluation.problems.find((p) => p.uid === 'fx_dist')!;
      assert.equal(dist.line, undefined);
      assert.equal(dist.message, 'samples/fx_dist_epoch_1.json (id fx_dist, epoch 1): sample failed: RuntimeError: the model timed out');
      assert.deepEqual(fe.locations.get('fx_point'), {
        kind: 'sample',
        entry: 'samples/fx_point_epoch_1.json',
        sampleId: 'fx_point',
        epoch: 1,
      });
      // Two epochs of one sample: the later record in the archive counts, and the warning names both entries.
      assert.ok(
        fe.evaluation.problems.some(
          (p) =>
            p.severity === 'warning' &&
            p.message.includes(
              'samples/fx_angle_epoch_1.json (id fx_angle, epoch 1): 1 line(s) repeat a uid seen earlier (first: fx_angle, samples/fx_angle_epoch_2.json (id fx_angle, epoch 2))',
            ),
        ),
        messages(fe).join('\n'),
      );
      assert.equal(fe.evaluation.byUid.get('fx_angle')!.prediction, '90');
    });
  }

  it('an entry in an unsupported compression method is reported; the other samples are read', async () => {
    const rs = await records('inspect-eval', 'inspect-zstd.eval');
    const problems = rs.flatMap((r) => ('problem' in r ? [r.problem] : []));
    assert.deepEqual(problems, [
      'cannot read sample: entry samples/1007_epoch_1.json uses ZIP compression method 14, which is not supported (only stored, deflate and zstd)',
    ]);
    assert.equal(onlyRecords(rs).length, 5);
  });
});

describe('detection', () => {
  const cases: Array<[string, string]> = [
    ['lmms-eval-string.jsonl', 'lmms-eval'],
    ['lmms-eval-nested.jsonl', 'lmms-eval'],
    ['openai-batch-output.jsonl', 'openai-batch'],
    ['gemini-batch-output.jsonl', 'gemini-batch'],
    ['gst-bench-results.jsonl', 'gst-bench'],
    ['vlmevalkit-predictions.xlsx', 'vlmevalkit'],
    ['vlmevalkit-predictions.tsv', 'vlmevalkit'],
    ['inspect-deflate.eval', 'inspect-eval'],
    ['inspect-zstd.eval', 'inspect-eval'],
  ];
  for (const [name, format] of cases) {
    it(`${name} -> ${format}`, async () => assert.equal((await detectFormat(fixture(name))).adapter.name, format));
  }

  it('by content, not by name: an lmms-eval log named .txt, an .eval named .zip', async () => {
    const { copyFileSync, mkdtempSync } = await import('node:fs');
    const dir = mkdtempSync(path.join((await import('node:os')).tmpdir(), 'gst-detect-'));
    copyFileSync(fixture('lmms-eval-list.jsonl'), path.join(dir, 'log.txt'));
    copyFileSync(fixture('inspect-zstd.eval'), path.join(dir, 'log.zip'));
    assert.equal((await detectFormat(path.join(dir, 'log.txt'))).adapter.name, 'lmms-eval');
    assert.equal((await detectFormat(path.join(dir, 'log.zip'))).adapter.name, 'inspect-eval');
    // A table's container is sniffed too: a JSON array or a workbook under another name.
    copyFileSync(fixture('generic-array.json'), path.join(dir, 'array.txt'));
    copyFileSync(fixture('vlmevalkit-predictions.xlsx'), path.join(dir, 'sheet.bin'));
    const fields = { id: 'qid', prediction: 'answer' };
    const fe = await evaluateResultFile(dataset, path.join(dir, 'array.txt'), { profile: 'paper', fields });
    assert.equal(fe.evaluation.scored, 2);
    assert.equal((await evaluateResultFile(dataset, path.join(dir, 'sheet.bin'), { profile: 'paper' })).evaluation.scored, 3);
  });

  it('the first records decide the same whether the first read holds them or not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-detect-'));
    const write = (name: string, text: string | Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    const bad = (n: number, bytes: number) => Array.from({ length: n }, (_, i) => `not json ${i} ${'x'.repeat(bytes)}\n`).join('');
    const detected = async (file: string) => {
      const d = await detectFormat(file);
      return `${d.adapter.name}: ${d.reason}`;
    };
    // A first line longer than the first read (64 KiB): the file is streamed from its start.
    const long = write('long.jsonl', `${JSON.stringify({ doc_id: 0, resps: ['y'.repeat(100_000)] })}\n{"uid":"a","pred":"1"}\n`);
    assert.match(await detected(long), /^lmms-eval: /);
    // Bad first lines past the first read: the first readable record still decides...
    assert.match(await detected(write('late.jsonl', `${bad(19, 4000)}{"uid":"a","pred":"1"}\n`)), /^gst-bench: /);
    assert.match(await detected(write('early.jsonl', `${bad(19, 10)}{"uid":"a","pred":"1"}\n`)), /^gst-bench: /);
    // ... up to 20 of them, inside the first read or not.
    for (const size of [10, 4000])
      assert.equal(
        await detected(write(`many-${size}.jsonl`, `${bad(20, size)}{"uid":"a","pred":"1"}\n`)),
        'canonical: named .jsonl; no readable record in its first lines',
      );
    // A BOM, CRLF endings, a line that is not UTF-8, and a last line without ending.
    const mixed = Buffer.concat([
      Buffer.from('\ufeff \r\n'),
      Buffer.from('{"uid":"\xff"}\r\n', 'latin1'),
      Buffer.from('{"custom_id":"a","response":{}}'),
    ]);
    assert.match(await detected(write('mixed.jsonl', mixed)), /^openai-batch: /);
    assert.match(await detected(write('mixed-then.jsonl', Buffer.concat([mixed, Buffer.from('\n{"uid":"b"}\n')]))), /^openai-batch: /);
    // Not named .jsonl: a first line that is not an object is not JSON lines, so the file is read as one document.
    await assert.rejects(detectFormat(write('doc.json', `{\n  "uid": "a"\n}\n`)), /a JSON object of an unknown format \(keys: uid\)/);
    await assert.rejects(
      detectFormat(write('unknown.jsonl', `${bad(3, 10)}{"question_id":"a"}\n`)),
      /unknown format \(first record's fields: question_id\)/,
    );
  });

  it('--format overrides detection; an unknown name is refused', async () => {
    assert.equal((await detectFormat(fixture('gst-bench-results.jsonl'), { format: 'generic-jsonl' })).adapter.name, 'generic-jsonl');
    await assert.rejects(detectFormat(fixture('gst-bench-results.jsonl'), { format: 'nope' }), /unknown format "nope"/);
  });

  it('files that need a mapping say so and list their fields', async () => {
    await assert.rejects(
      detectFormat(fixture('generic-mixed-ids.jsonl')),
      /unknown format \(first record's fields: question_id, prompt, text.*--id-field and --prediction-field/,
    );
    await assert.rejects(
      detectFormat(fixture('generic-quoted-newlines.csv')),
      /a table of an unknown layout \(columns: id, question, output, truth\)/,
    );
  });

  it('every adapter has a name, what it reads and what it needs', () => {
    assert.equal(new Set(ADAPTERS.map((a) => a.name)).size, ADAPTERS.length);
    for (const a of ADAPTERS) assert.ok(a.label && a.reads && a.needs && a.extensions.length > 0, a.name);
  });
});

describe('a JSON document or a workbook is read once, by detection, and its read takes it', () => {
  const inspectLog = (predictions: Record<string, string>) =>
    JSON.stringify(
      {
        version: 2,
        eval: { model: 'm' },
        samples: Object.entries(predictions).map(([id, completion]) => ({ id, epoch: 1, output: { completion }, target: 'x' })),
      },
      null,
      2,
    );
  const scratch = () => mkdtempSync(path.join(tmpdir(), 'gst-read-once-'));

  // How the file is read from disk: a JSON document by fs/promises' readFile, a workbook by read-excel-file's stream.
  const cases = [
    { kind: 'an Inspect .json log', format: 'inspect-json', scored: 2, module: fsPromises as object, method: 'readFile' },
    { kind: 'a VLMEvalKit .xlsx', format: 'vlmevalkit', scored: 3, module: fs as object, method: 'createReadStream' },
  ];
  for (const c of cases) {
    it(`${c.kind} is read from disk once for detection and scoring together`, async (t) => {
      let file = fixture('vlmevalkit-predictions.xlsx');
      if (c.format === 'inspect-json') {
        file = path.join(scratch(), 'log.json');
        writeFileSync(file, inspectLog({ fx_choice: 'C', fx_angle: '-134' }));
      }
      const target = c.module as Record<string, (...a: unknown[]) => unknown>;
      const original = target[c.method];
      let reads = 0;
      t.mock.method(target, c.method, (...a: unknown[]) => {
        if (a[0] === file) reads++;
        return original(...a);
      });
      const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
      assert.equal(fe.detection.adapter.name, c.format);
      assert.equal(fe.evaluation.scored, c.scored);
      assert.equal(reads, 1);
    });
  }

  it('the read takes what detection read, and the holder lets go of it', async () => {
    const file = path.join(scratch(), 'log.json');
    writeFileSync(file, inspectLog({ fx_choice: 'C' }));
    const reads = new WholeFileReads(file);
    assert.equal((await detectFormat(file, { reads })).adapter.name, 'inspect-json');
    writeFileSync(file, inspectLog({ fx_choice: 'A', fx_angle: '0' }));
    const ids = async () => {
      const out: Array<string | number | null> = [];
      for await (const r of adapterByName('inspect-json')!.read(file, { detected: reads })) if ('record' in r) out.push(r.record.id);
      return out;
    };
    assert.deepEqual(await ids(), ['fx_choice'], 'the document as detection read it');
    assert.deepEqual(await ids(), ['fx_choice', 'fx_angle'], 'taken once: a second read reads the file again');
    // Contents held for one file are never taken for another.
    const other = path.join(scratch(), 'other.json');
    writeFileSync(other, inspectLog({ fx_point: '<point>1 2</point>' }));
    const again = new WholeFileReads(file);
    await again.jsonDocument();
    const otherIds: Array<string | number | null> = [];
    for await (const r of adapterByName('inspect-json')!.read(other, { detected: again })) if ('record' in r) otherIds.push(r.record.id);
    assert.deepEqual(otherIds, ['fx_point']);
  });

  it("a workbook's columns are its header row's, whatever its first data row leaves empty", async () => {
    const file = path.join(scratch(), 'predictions.xlsx');
    writeFileSync(
      file,
      xlsx([
        ['index', 'question', 'prediction', 'uid'],
        [0, 'q', null, 'fx_choice'],
        [1, 'q', '-134', 'fx_angle'],
      ]),
    );
    assert.equal((await detectFormat(file)).adapter.name, 'vlmevalkit');
    const fe = await evaluateResultFile(dataset, file, { profile: 'paper' });
    assert.equal(fe.evaluation.byUid.get('fx_angle')!.score, 1);
  });
});
