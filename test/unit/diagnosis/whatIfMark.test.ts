// The viewer's what-if of one question: the engine's corrected answer, read back and scored by the real scorer.
// Summed over a class in file order, those scores give the class's what-if subtask score to the last bit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { diagnose, diagnoseFile, readDataset, ScoreAccumulator, type DiagnosisClass } from '../../../src/core';
import { whatIfMark } from '../../../src/shared/diagnosis/whatIfMark';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { answer } from './helpers';
import { writeDiagnosisFixture } from '../helpers/diagnosisFixture';

const PER_ANSWER: DiagnosisClass[] = [
  'sign_flip',
  'front_back_flip',
  'unit_slip',
  'normalized_coordinates',
  'pixel_coordinates',
  'axes_swapped',
  'y_flipped',
];

describe('what-if marks for the viewer', () => {
  it('a sign flip: the flipped angle, scored 1, in words', () => {
    const a = answer('ed_s', '60', '-60', { uid: 'flip' });
    const d = diagnose([a, answer('ed_s', '10', '10')], { profile: 'paper' });
    const mark = whatIfMark(a.truth, a.parsed, d.byUid.get('flip'), d.subtasks[0], 'paper')!;
    assert.equal(mark.cls, 'sign_flip');
    assert.deepEqual([mark.corrected.kind, (mark.corrected as { value: number }).value], ['angle', 60]);
    assert.equal(mark.score, 1);
    assert.equal(mark.before, 0);
    assert.equal(mark.label, 'what-if: sign flipped → score 1.00');
  });

  it('a unit slip names the factor; a far-off answer has no what-if', () => {
    const slip = answer('edist_s', 3.5, '350', { uid: 'cm' });
    const far = answer('edist_s', 3.5, '40', { uid: 'far' });
    const d = diagnose([slip, far], { profile: 'paper' });
    assert.equal(whatIfMark(slip.truth, slip.parsed, d.byUid.get('cm'), d.subtasks[0], 'paper')!.label, 'what-if: unit: ÷100 → score 1.00');
    assert.equal(d.byUid.get('far')!.cls, 'far');
    assert.equal(whatIfMark(far.truth, far.parsed, d.byUid.get('far'), d.subtasks[0], 'paper'), undefined);
  });

  it("on the generator's diagnosis fixture, per-answer marks sum to each class's what-if exactly", async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'gst-whatif-mark-'));
    const results = writeDiagnosisFixture(out);
    const dataset = await readDataset(out);
    const { diagnosis, evaluation } = await diagnoseFile(dataset, results, { profile: 'paper' });
    let checked = 0;
    for (const s of diagnosis.subtasks) {
      const outcomes = [...evaluation.byUid.values()].filter((o) => dataset.byUid.get(o.uid)!.subtask === s.subtask);
      for (const c of s.classes) {
        if (!c.whatIf) continue;
        const members = new Set(c.uids);
        const marks = new Map(
          c.uids.map((uid) => {
            const q = dataset.byUid.get(uid)!;
            return [uid, whatIfMark(q.truth!, evaluation.byUid.get(uid)!.parse.parsed, diagnosis.byUid.get(uid), s, 'paper')] as const;
          }),
        );
        if (PER_ANSWER.includes(c.cls)) {
          const acc = new ScoreAccumulator();
          for (const o of outcomes) acc.add(s.subtask, members.has(o.uid) ? marks.get(o.uid)!.score : o.score, o.parse.parsed === null);
          assert.equal(acc.subtasks()[s.subtask]!.score, c.whatIf.subtask, `${s.abbreviation} ${c.cls}`);
          checked++;
        } else if (c.cls === 'rotation' || c.cls === 'distance_bias') {
          // A subtask-wide correction: each member is one it helps.
          for (const [uid, m] of marks) assert.ok(m && m.score > m.before, `${s.abbreviation} ${c.cls} ${uid}`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 6, `classes checked: ${checked}`);
  });
});
