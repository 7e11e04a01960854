// The what-if scores equal a rescore of the result file corrected by hand; and the CLI prints them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { diagnoseFile, evaluateText, formatScore, overallScore, readDataset, type Dataset, type SubtaskKey } from '../../../src/core';
import { REPO_ROOT } from '../helpers/shared';

const TASK: Partial<Record<SubtaskKey, string>> = {
  ed_v: 'Object_Localization_Egocentric_Direction_visual',
  ed_s: 'Object_Localization_Egocentric_Direction_semantic',
  orientation: 'Self_Localization_Global_Orientation',
  edist_s: 'Object_Localization_Egocentric_Distance_semantic',
  edist_v: 'Object_Localization_Egocentric_Distance_visual',
  gp_s: 'Object_Localization_Global_Position_semantic',
};

/** [subtask, uid, answer, prediction, hand-corrected prediction for the class under test, geometry]. */
type Row = [SubtaskKey, string, string | number, string, Record<string, string>?, unknown?];
const seenAt = (visible: Array<[number, number]>) => ({ targetFrames: { frames: 100, fps: 10, visible } });

const ROWS: Row[] = [
  ['ed_s', 's1', '60', '-60', { sign_flip: '60' }],
  ['ed_s', 's2', '-100', '100', { sign_flip: '-100' }],
  ['ed_s', 's3', '30', '-150', { front_back_flip: '30' }],
  ['ed_s', 's4', '10', '10'],
  ['ed_s', 's5', '120', '20'],
  ['ed_s', 's6', '-45', '-50'],
  // Orientation answers rotated by -40: the correction adds 40 to every parsed answer, wrapped to (-180, 180].
  ...[-120, -90, -60, -30, 60, 90, 120, 150].map((t, i): Row => [
    'orientation',
    `o${i}`,
    String(t),
    String(t - 40),
    { rotation: String(t) },
  ]),
  ['orientation', 'o8', '0', '100', { rotation: '140' }],
  ['orientation', 'o9', '0', 'no idea'],
  ['edist_s', 'd1', 3.5, '350', { unit_slip: '3.5' }],
  ['edist_s', 'd2', 2.0, '0.021', { unit_slip: '2.1' }],
  ['edist_s', 'd3', 2.0, '2.3'],
  // Over-estimates by 50 %: the median ratio is 1.5 and every answer is divided by it.
  ...[2, 4, 6, 8, 3, 5].map((t, i): Row => ['edist_v', `b${i}`, t, String(t * 1.5), { distance_bias: String(t) }, seenAt([[0, 100]])]),
  ['edist_v', 'b6', 10, '30', { distance_bias: '20' }, seenAt([[0, 100]])],
  ['gp_s', 'p1', '<point>200 700</point>', '<point>700 200</point>', { axes_swapped: '<point>200 700</point>' }],
  ['gp_s', 'p2', '<point>200 700</point>', '<point>200 299</point>', { y_flipped: '<point>200 700</point>' }],
  ['gp_s', 'p3', '<point>500 500</point>', '<point>520 480</point>'],
  // Visual direction: four uniform frames of 100 are 0, 33, 66, 99.
  ['ed_v', 'v1', '50', '-170', {}, seenAt([[40, 45]])],
  ['ed_v', 'v2', '50', '50', {}, seenAt([[30, 40]])],
  ['ed_v', 'v3', '-20', '100', {}, seenAt([[60, 70]])],
  ['ed_v', 'v4', '-20', '-20', {}, seenAt([[60, 70]])],
];

function writeFixture(): { dataset: string; results: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-whatif-'));
  const dataset = path.join(dir, 'annotations.jsonl');
  writeFileSync(
    dataset,
    ROWS.map(([k, uid, answer, , , geometry]) =>
      JSON.stringify({ task: TASK[k], uid, scene: 's', answer, texts: ['t'], ...(geometry ? { geometry } : {}) }),
    ).join('\n') + '\n',
  );
  const results = path.join(dir, 'r.jsonl');
  writeFileSync(
    results,
    resultText((r) => r[3]),
  );
  return { dataset, results };
}

function resultText(prediction: (r: Row) => string, keep: (r: Row) => boolean = () => true): string {
  return (
    ROWS.filter(keep)
      .map((r) => JSON.stringify({ uid: r[1], prediction: prediction(r), model: 'm' }))
      .join('\n') + '\n'
  );
}

describe('what-if rescoring', () => {
  const { dataset: datasetPath, results } = writeFixture();
  let dataset: Dataset | undefined;
  for (const profile of ['paper', 'vsibench'] as const)
    it(`equals, to the last bit, a rescore of the file corrected by hand, for every correctable class (${profile})`, async () => {
      dataset ??= await readDataset(datasetPath);
      const { diagnosis, evaluation } = await diagnoseFile(dataset, results, { profile });
      assert.equal(diagnosis.overall, evaluation.overall);
      const checked: string[] = [];
      for (const s of diagnosis.subtasks) {
        assert.equal(s.score, evaluation.subtasks[s.subtask]!.score, s.subtask);
        for (const c of s.classes) {
          if (!c.whatIf || c.cls === 'target_unseen') continue;
          const corrected = resultText((r) => r[4]?.[c.cls] ?? r[3]);
          const hand = evaluateText(dataset, 'hand.jsonl', corrected, { profile });
          assert.equal(c.whatIf.subtask, hand.subtasks[s.subtask]!.score, `${s.subtask} ${c.cls}`);
          assert.equal(c.whatIf.overall, hand.overall, `${s.subtask} ${c.cls} overall`);
          assert.ok(c.whatIf.subtask > s.score, `${c.cls} raises the score`);
          checked.push(c.cls);
        }
      }
      assert.deepEqual(checked.sort(), [
        'axes_swapped',
        'distance_bias',
        'front_back_flip',
        'rotation',
        'sign_flip',
        'unit_slip',
        'y_flipped',
      ]);
    });
  it('"target never in the sampled frames": its what-if is the score of the file without those questions', async () => {
    const dataset = await readDataset(datasetPath);
    const { diagnosis } = await diagnoseFile(dataset, results, { profile: 'paper', sampling: { count: 4, method: 'uniform' } });
    const ed = diagnosis.subtasks.find((s) => s.subtask === 'ed_v')!;
    const c = ed.classes.find((x) => x.cls === 'target_unseen')!;
    assert.deepEqual(c.uids, ['v1']);
    assert.deepEqual(ed.visibility, { sampling: '4 frames, uniform', questions: 4, unseen: 1, unseenFailed: 1 });
    const hand = evaluateText(
      dataset,
      'hand.jsonl',
      resultText(
        (r) => r[3],
        (r) => r[1] !== 'v1',
      ),
      { profile: 'paper' },
    );
    assert.equal(c.whatIf!.subtask, hand.subtasks.ed_v!.score);
    assert.ok(c.whatIf!.subtask > ed.score);
    const full = evaluateText(
      dataset,
      'r.jsonl',
      resultText((r) => r[3]),
      { profile: 'paper' },
    );
    const scores = Object.entries(full.subtasks).map(([k, v]) => (k === 'ed_v' ? hand.subtasks.ed_v!.score : v!.score));
    assert.equal(c.whatIf!.overall, overallScore(scores));
    // The distance questions show the target in every frame: never unseen.
    assert.equal(diagnosis.subtasks.find((s) => s.subtask === 'edist_v')!.visibility!.unseen, 0);
  });
  it("a line's frames field overrides the assumed sampling; a bad one is a file:line warning", async () => {
    const dataset = await readDataset(datasetPath);
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-frames-'));
    const file = path.join(dir, 'f.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ uid: 'v1', prediction: '-170', frames: [41] }),
        JSON.stringify({ uid: 'v3', prediction: '100', frames: 'all' }),
        JSON.stringify({ uid: 'v2', prediction: '0', frames: 2 }),
      ].join('\n') + '\n',
    );
    const { diagnosis, evaluation } = await diagnoseFile(dataset, file, { profile: 'paper', sampling: { count: 4, method: 'uniform' } });
    const ed = diagnosis.subtasks.find((s) => s.subtask === 'ed_v')!;
    // v1 saw frame 41 (visible); v3 falls back to 4 uniform frames (66 is visible); v2 saw frames 0 and 99 (not 30-39).
    assert.deepEqual(ed.classes.find((x) => x.cls === 'target_unseen')!.uids, ['v2']);
    assert.deepEqual(
      evaluation.problems.map((p) => [p.line, p.severity, p.message.split(';')[0]]),
      [[2, 'warning', '"frames" must be a frame count or a list of frame indices']],
    );
  });
  it('the CLI prints the sentence and the JSON document', async () => {
    const dataset = await readDataset(datasetPath);
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), 'diagnose', results, '--dataset', datasetPath, ...args],
        { encoding: 'utf8' },
      );
    const text = run('--frames', '4 frames, uniform');
    assert.equal(text.status, 0, text.stderr);
    const { diagnosis } = await diagnoseFile(dataset, results, { profile: 'paper' });
    const eds = diagnosis.subtasks.find((s) => s.subtask === 'ed_s')!;
    const flip = eds.classes.find((c) => c.cls === 'sign_flip')!;
    assert.ok(
      // Two flips among six answers are not beyond chance, and the sentence says so.
      text.stdout.includes(
        `EDs: 50 % of wrong answers are sign flips (2; ${flip.byChance!.toFixed(1)} expected by chance, so no more than chance). Flipping the sign would raise EDs from ${formatScore(eds.score)} to ${formatScore(flip.whatIf!.subtask)}`,
      ),
      text.stdout,
    );
    assert.match(text.stdout, /EDistv: over-estimates by 50 % \(median prediction\/truth 1\.50 over 7 answers\)/);
    assert.match(text.stdout, /EDv: 50 % of wrong answers had the target never in the sampled frames \(1\)/);
    const json = run('--json');
    const doc = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(doc), ['file', 'model', 'template', 'overall', 'subtasks', 'questions', 'problems']);
    assert.equal(doc.questions.s1.cls, 'sign_flip');
    assert.equal(doc.questions.s1.corrected, 60);
    const md = run('--markdown');
    assert.match(md.stdout, /^## m \(/);
    assert.match(md.stdout, /\| sign flips \| 2 \| 0\.\d \(not beyond\) \| 50 % \| /);
    const bad = run('--frames', 'lots');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /frame sampling must look like "32 frames, uniform", not "lots"/);
  });
});
