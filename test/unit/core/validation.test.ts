// Validation reports out-of-range answers and duplicate uids at their lines; messages stay one short line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatProblem, readDataset, type Problem } from '../../../src/core';
import { escapeControlChars, excerpt, MESSAGE_VALUE_MAX_CHARS } from '../../../src/shared/text/messageText';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDirs';

const TASK = {
  angle: 'Object_Localization_Egocentric_Direction_visual',
  heading: 'Self_Localization_Global_Orientation',
  distance: 'Object_Localization_Egocentric_Distance_visual',
  point: 'Self_Localization_Global_Position',
};

/** A question.json as the authors write it: pretty-printed, `uid` on line 4, `answer` on line 8. */
function questionText(task: string, uid: string, answer: unknown): string {
  return JSON.stringify({ task, scene: 's', uid, texts: ['t'], answer }, null, 2);
}

function layoutA(questions: Array<[string, string, unknown]>): string {
  const root = tempDir('gst-valid-');
  questions.forEach(([task, uid, answer], i) => {
    const dir = path.join(root, String(i).padStart(2, '0'));
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'question.json'), questionText(task, uid, answer));
  });
  return root;
}

const byUid = (problems: Problem[]) => Object.fromEntries(problems.map((p) => [p.uid, [p.line, p.severity, p.message]]));

describe('answers outside their range are reported at the answer line', () => {
  it('points off the [0, 999] map, non-positive distances, angles outside [-180, 180]', async () => {
    const root = layoutA([
      [TASK.point, 'p_x', '<point>1000 5</point>'],
      [TASK.point, 'p_y', '<point>5, -1</point>'],
      [TASK.distance, 'd_zero', 0],
      [TASK.distance, 'd_neg', '-2.5'],
      [TASK.angle, 'a_hi', '190'],
      [TASK.heading, 'h_lo', -180.5],
    ]);
    const ds = await readDataset(root);
    assert.deepEqual(byUid(ds.problems), {
      p_x: [8, 'error', 'answer point (1000, 5) is outside the [0, 999] map (it is scored as written)'],
      p_y: [8, 'error', 'answer point (5, -1) is outside the [0, 999] map (it is scored as written)'],
      d_zero: [8, 'error', 'answer 0 m is not a positive distance (it is scored as written)'],
      d_neg: [8, 'error', 'answer -2.5 m is not a positive distance (it is scored as written)'],
      a_hi: [8, 'error', 'answer 190° is outside [-180, 180] degrees (it is scored as written)'],
      h_lo: [8, 'error', 'answer -180.5° is outside [-180, 180] degrees (it is scored as written)'],
    });
    assert.ok(
      ds.questions.every((q) => q.truth !== null),
      'the questions stay scorable',
    );
  });
  it('the range ends themselves are accepted', async () => {
    const root = layoutA([
      [TASK.point, 'p0', '<point>0 999</point>'],
      [TASK.distance, 'd', 0.1],
      [TASK.angle, 'a180', '180'],
      [TASK.heading, 'h', '-180'],
    ]);
    assert.deepEqual((await readDataset(root)).problems, []);
  });
  it('layout B reports them at the record line', async () => {
    const dir = tempDir('gst-valid-');
    const file = path.join(dir, 'qa.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ task: TASK.distance, uid: 'ok', scene: 's', texts: [], answer: 1 }),
        JSON.stringify({ task: TASK.distance, uid: 'neg', scene: 's', texts: [], answer: -1 }),
      ].join('\n'),
    );
    const ds = await readDataset(file);
    assert.deepEqual(
      ds.problems.map((p) => [p.line, p.uid]),
      [[2, 'neg']],
    );
  });
});

describe('duplicate uids', () => {
  it("layout A: the warning is at the repeat's uid line and names the first", async () => {
    const root = layoutA([
      [TASK.angle, 'same', '10'],
      [TASK.angle, 'same', '20'],
    ]);
    const ds = await readDataset(root);
    assert.equal(ds.problems.length, 1);
    const [p] = ds.problems;
    assert.equal(p.file, path.join(root, '01', 'question.json'));
    assert.equal(p.line, 4);
    assert.equal(
      p.message,
      `duplicate uid same (first at ${path.join(root, '00', 'question.json')}:4): result lines map to its first occurrence`,
    );
  });
  it("layout B: at the repeat's line, naming the first line", async () => {
    const dir = tempDir('gst-valid-');
    const file = path.join(dir, 'qa.jsonl');
    const rec = JSON.stringify({ task: TASK.angle, uid: 'same', scene: 's', texts: [], answer: 1 });
    writeFileSync(file, [rec, '', rec].join('\n'));
    const [p] = (await readDataset(file)).problems;
    assert.deepEqual([p.line, p.message], [3, 'duplicate uid same (first at line 1): result lines map to its first occurrence']);
  });
});

describe('messages cannot forge lines and stay short', () => {
  it('formatProblem escapes C0, DEL, C1, line separators and bidi controls in the path and the message', () => {
    const line = formatProblem({
      file: 'a\nb.json:1: error: forged',
      line: 2,
      severity: 'warning',
      message: 'x\r\ny\x1b[2J\x7f\x85\u2028\u202e\t',
    });
    assert.equal(line, 'a\\nb.json:1: error: forged:2: warning: x\\r\\ny\\x1b[2J\\x7f\\x85\\u2028\\u202e\\t');
    assert.equal(line.split(/[\n\r\u0085\u2028\u2029]/).length, 1);
  });
  it('plain text, backslashes and non-ASCII letters are kept as they are', () => {
    assert.equal(escapeControlChars('C:\\data\\scène 1 – 180°'), 'C:\\data\\scène 1 – 180°');
  });
  it('a folder name with a newline does not forge a "file:1: error:" line in validate', () => {
    const root = tempDir('gst-valid-');
    const dir = path.join(root, '00\nforged.json:1: error: fake problem');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'question.json'), questionText(TASK.angle, 'q', 'not an angle'));
    const r = runCli(['validate', root]);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(!r.stdout.split('\n').some((l) => l.startsWith('forged.json')), r.stdout);
    assert.match(r.stdout, /00\\nforged\.json:1: error: fake problem\/question\.json:8: error: bad answer "not an angle"/);
  });
  it('a 2 MB answer is cut to a prefix with its length', async () => {
    const huge = 'A'.repeat(2_000_000);
    const root = layoutA([[TASK.point, 'big', huge]]);
    const [p] = (await readDataset(root)).problems;
    assert.ok(p.message.length < 200, `${p.message.length} characters`);
    assert.equal(p.message, `bad answer ${excerpt(JSON.stringify(huge))} for a point question`);
    assert.match(p.message, /^bad answer "A{79}… \(2000002 characters\) for a point question$/);
  });
  it('a 2 MB uid in a result file is cut in the "not in the dataset" message', () => {
    const dataset = layoutA([[TASK.angle, 'q', '10']]);
    const results = path.join(tempDir('gst-valid-'), 'r.jsonl');
    writeFileSync(results, JSON.stringify({ uid: 'u'.repeat(2_000_000), prediction: '1' }) + '\n');
    const r = runCli(['summary', results, '--dataset', dataset]);
    assert.equal(r.code, 1, r.stderr);
    const line = r.stderr.split('\n').find((l) => l.includes('uid not in the dataset'))!;
    assert.ok(line.length < 300, `${line.length} characters`);
    assert.ok(line.endsWith(`… (2000000 characters)`), line.slice(-80));
  });
  it('excerpt never splits a surrogate pair', () => {
    const text = 'x'.repeat(MESSAGE_VALUE_MAX_CHARS - 1) + '😀' + 'tail';
    assert.equal(excerpt(text), `${'x'.repeat(MESSAGE_VALUE_MAX_CHARS - 1)}… (${text.length} characters)`);
  });
});
