import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { angleFromPointer, choiceFromKey, distanceFromText, pointFromClick } from '../../../src/shared/answers/inputs';
import { predictionText, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import { parsePrediction } from '../../../src/shared/parsing/answerParser';
import { parsedToJson } from '../../../src/shared/parsing/parsedValue';
import { BLIND_SAMPLE_PER_SUBTASK, PAPER_HUMAN_OVERALL } from '../../../src/shared/baseline/constants';
import { sampleBlind, type BlindCandidate } from '../../../src/shared/baseline/sampler';
import {
  humanResultFileName,
  humanResultText,
  nextBlindQuestion,
  parseBlindSession,
  recordBlindAnswer,
  resumeProblem,
  serializeBlindSession,
  startBlindSession,
} from '../../../src/shared/baseline/session';
import { describeHumanScore, scoreBlindSession } from '../../../src/shared/baseline/score';
import { SUBTASKS } from '../../../src/shared/subtasks';
import { evaluateFile } from '../../../src/core/results/evaluation';
import { readDataset } from '../../../src/core/dataset/reader';
import { normalizedToPixels } from '../../../webview/viewer/overlays/geometry';
import { writeTinyDataset } from '../helpers/tinyDataset';
import { NEEDS_SHARED, SHARED_DIR } from '../helpers/shared';

/** 30 questions in each of the 12 subtasks, uids named after the subtask. */
const POOL: BlindCandidate[] = SUBTASKS.flatMap((s) =>
  Array.from({ length: 30 }, (_, i) => ({ uid: `${s.key}_${String(i).padStart(2, '0')}`, subtask: s.key, scorable: true })),
);

/** The value the parser reads back from the prediction text, in the result file's JSON form. */
const roundTrip = (a: TypedAnswer) => parsedToJson(parsePrediction(a.kind, predictionText(a)).parsed);
const valueOf = (a: TypedAnswer) => (a.kind === 'point' ? [a.x, a.y] : a.kind === 'choice' ? a.letter : a.value);

describe('blind sampler', () => {
  it('draws 20 per subtask by default, reproducibly, whatever the input order', () => {
    const a = sampleBlind(POOL);
    assert.equal(a.perSubtask, BLIND_SAMPLE_PER_SUBTASK);
    assert.equal(a.uids.length, 12 * 20);
    for (const s of SUBTASKS) assert.equal(a.drawn[s.key], 20);
    assert.equal(new Set(a.uids).size, a.uids.length, 'no question twice');
    assert.deepEqual(sampleBlind([...POOL].reverse()).uids, a.uids);
    assert.notDeepEqual(sampleBlind(POOL, { seed: 'another' }).uids, a.uids);
  });

  it('pins the draw: the algorithm (sfc32 per subtask label, Fisher-Yates) must not change between versions', () => {
    const s = sampleBlind(POOL, { perSubtask: 3, seed: 'pinned' });
    assert.deepEqual(s.uids.slice(0, 6), PINNED_FIRST_SIX);
  });

  it("a subtask's draw does not depend on the other subtasks; unscorable questions are never drawn; short subtasks give what they have", () => {
    const edOnly = (uids: string[]) => uids.filter((u) => u.startsWith('ed_v_')).sort();
    const fewerOthers = POOL.filter((q) => q.subtask === 'ed_v' || q.uid.endsWith('0'));
    assert.deepEqual(edOnly(sampleBlind(fewerOthers).uids), edOnly(sampleBlind(POOL).uids));
    const some = POOL.map((q) => (q.subtask === 'gp_v' ? { ...q, scorable: q.uid < 'gp_v_05' } : q));
    const s = sampleBlind(some);
    assert.equal(s.drawn.gp_v, 5);
    assert.ok(s.uids.filter((u) => u.startsWith('gp_v_')).every((u) => u < 'gp_v_05'));
    assert.throws(() => sampleBlind(POOL, { perSubtask: 0 }), /whole number >= 1/);
  });
});

describe('overlay inputs to prediction strings', () => {
  it('the dial: up is 0, left +90, right -90, behind 180; whole degrees', () => {
    assert.deepEqual(
      [angleFromPointer(0, -5), angleFromPointer(-5, 0), angleFromPointer(5, 0), angleFromPointer(0, 5)].map((a) => a?.value),
      [0, 90, -90, 180],
    );
    assert.equal(angleFromPointer(-1, -1)?.value, 45);
    assert.equal(angleFromPointer(1, 1)?.value, -135);
    assert.equal(angleFromPointer(0, 0), null);
    assert.equal(predictionText(angleFromPointer(0.001, -1000)!), '0', 'never "-0"');
  });

  it('dial angles round-trip through the parser to the same value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }), (dx, dy) => {
        const a = angleFromPointer(dx, dy);
        if (!a) return dx === 0 && dy === 0;
        return a.value > -180 && a.value <= 180 && Number.isInteger(a.value) && roundTrip(a) === a.value;
      }),
      { numRuns: 2000 },
    );
  });

  it('map clicks: corners and centre, the inverse of the overlay drawing, and a round-trip', () => {
    assert.deepEqual(pointFromClick(0, 0, 640, 480), { kind: 'point', x: 0, y: 0 });
    assert.deepEqual(pointFromClick(640, 480, 640, 480), { kind: 'point', x: 999, y: 999 });
    assert.deepEqual(pointFromClick(-3, 700, 640, 480), { kind: 'point', x: 0, y: 999 }, 'clamped to the map');
    assert.deepEqual(pointFromClick(320, 240, 640, 480), { kind: 'point', x: 500, y: 500 });
    assert.equal(pointFromClick(1, 1, 0, 480), null);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 50, max: 4000 }),
        fc.integer({ min: 50, max: 4000 }),
        (x, y, w, h) => {
          const px = normalizedToPixels({ x, y }, w, h);
          const p = pointFromClick(px.x, px.y, w, h)!;
          const back = roundTrip(p) as [number, number];
          return p.x === x && p.y === y && back[0] === x && back[1] === y && predictionText(p) === `<point>${x} ${y}</point>`;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('typed meters: one decimal, rounded on the digits as typed, and a round-trip', () => {
    const v = (t: string) => {
      const r = distanceFromText(t);
      return 'error' in r ? r.error : predictionText(r);
    };
    assert.deepEqual(
      [v('3.5'), v(' 12 '), v('1.45'), v('1.449'), v('3,25'), v('0'), v('0.04'), v('1e1')],
      ['3.5', '12.0', '1.5', '1.4', '3.3', '0.0', '0.0', '10.0'],
    );
    assert.match(v('-1'), /negative/);
    assert.match(v('three'), /meters/);
    assert.match(v(''), /meters/);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (tenths) => {
        const text = `${Math.floor(tenths / 10)}.${tenths % 10}`;
        const r = distanceFromText(text);
        return !('error' in r) && predictionText(r) === text && roundTrip(r) === r.value && r.value === Number(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('letters: a key or a click gives the capital letter, which the parser reads back', () => {
    for (const k of ['a', 'B', 'c', 'D']) {
      const c = choiceFromKey(k)!;
      assert.equal(roundTrip(c), k.toUpperCase());
      assert.equal(valueOf(c), k.toUpperCase());
    }
    for (const k of ['e', 'Enter', '1', '']) assert.equal(choiceFromKey(k), null, k);
  });
});

const ANSWERS: Record<string, TypedAnswer> = {
  q_angle: { kind: 'angle', value: -130 }, // truth -134: within 15°
  q_dist: { kind: 'distance', value: 1.3 }, // truth 1.0: r = 0.3, 4 of 10 thresholds under `paper`
  q_point: { kind: 'point', x: 391, y: 698 },
  q_choice: { kind: 'choice', letter: 'B' }, // truth C
};

async function tinySession() {
  const annotations = writeTinyDataset();
  const dataset = await readDataset(annotations);
  const sample = sampleBlind(dataset.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null })));
  let session = startBlindSession(' Ada ', 'tiny', sample, new Date('2026-12-01T09:00:00Z'));
  return {
    annotations,
    dataset,
    session,
    answerAll: () => {
      for (let uid = nextBlindQuestion(session), i = 0; uid; uid = nextBlindQuestion(session), i++) {
        session = recordBlindAnswer(session, uid, ANSWERS[uid], 1000 + i, new Date(Date.UTC(2026, 11, 1, 9, 1, i)));
      }
      return session;
    },
  };
}

describe('blind session', () => {
  it('pause and resume: the serialised session reads back equal, and goes on where it stopped', async () => {
    const t = await tinySession();
    let s = t.session;
    assert.equal(s.sample.length, 4);
    const first = nextBlindQuestion(s)!;
    s = recordBlindAnswer(s, first, ANSWERS[first], 4321.4, new Date('2026-12-01T09:00:05Z'));
    const saved = serializeBlindSession(s);
    const resumed = parseBlindSession(saved);
    assert.deepEqual(resumed, s);
    assert.equal(nextBlindQuestion(resumed), s.sample[1]);
    assert.equal(resumed.answers[0].elapsed_ms, 4321);
    assert.throws(() => recordBlindAnswer(resumed, first, ANSWERS[first], 1, new Date()), /already answered/);
    assert.throws(() => recordBlindAnswer(resumed, 'nope', ANSWERS.q_choice, 1, new Date()), /not in this session/);
    assert.throws(() => parseBlindSession(saved.replace('"version": 1', '"version": 2')), /version 2; this version reads 1/);
    assert.throws(
      () => parseBlindSession(saved.replace(/"prediction": "[^"]*"/, '"prediction": "999"')),
      /answer 1: prediction "999" is not/,
    );
    assert.throws(() => parseBlindSession('{'), /not valid JSON/);
    const uids = new Set(t.dataset.questions.map((q) => q.uid));
    assert.equal(resumeProblem(resumed, 'tiny', uids), null);
    assert.match(resumeProblem(resumed, 'other', uids)!, /drawn from tiny, not other/);
    assert.match(resumeProblem(resumed, 'tiny', new Set(['q_angle']))!, /3 sampled questions are not in the dataset/);
  });

  it('writes human-<name>.jsonl lines in the standard format, scored by the evaluator like any model', async () => {
    const t = await tinySession();
    const session = t.answerAll();
    assert.equal(nextBlindQuestion(session), null);
    assert.equal(humanResultFileName(session.name), 'human-Ada.jsonl');
    assert.equal(humanResultFileName('../Zoë K.'), 'human----Zo--K-.jsonl');
    const text = humanResultText(session);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(Object.keys(lines[0]), ['uid', 'prediction', 'model', 'template', 'elapsed_ms', 'answered_at']);
    assert.deepEqual(
      lines.map((l) => l.uid),
      session.sample,
    );
    assert.ok(lines.every((l) => l.model === 'human:Ada' && l.template === 'blind'));
    assert.deepEqual(Object.fromEntries(lines.map((l) => [l.uid, l.prediction])), {
      q_angle: '-130',
      q_dist: '1.3',
      q_point: '<point>391 698</point>',
      q_choice: 'B',
    });

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gst-human-')), humanResultFileName(session.name));
    writeFileSync(file, text);
    const evaluation = await evaluateFile(t.dataset, file, { profile: 'paper' });
    const questions = new Map(t.dataset.questions.map((q) => [q.uid, q]));
    const human = scoreBlindSession(session, questions, 'paper');
    assert.equal(evaluation.model, 'human:Ada');
    assert.deepEqual(human.subtasks, evaluation.subtasks);
    assert.equal(human.overall, evaluation.overall);
    assert.equal(human.overall, (100 + 40 + 100 + 0) / 4);
    assert.equal(human.complete, false, 'four subtasks of twelve');
    assert.equal(human.difference, human.overall! - 79.08);
    assert.equal(human.standardError, null, 'one answer per subtask: no variance');
    assert.match(
      describeHumanScore(human),
      /60\.00 over 4 subtasks \(4 of 4 answered\); the paper's humans 79\.08; difference -19\.08; not comparable yet/,
    );
  });

  it('standard error of the overall: sqrt(sum s_k^2 / n_k) / K on a hand case', () => {
    const questions = new Map([
      ['a1', { subtask: 'tds_easy' as const, kind: 'choice' as const, truth: { kind: 'choice' as const, letter: 'A' } }],
      ['a2', { subtask: 'tds_easy' as const, kind: 'choice' as const, truth: { kind: 'choice' as const, letter: 'A' } }],
      ['b1', { subtask: 'trajectory' as const, kind: 'choice' as const, truth: { kind: 'choice' as const, letter: 'A' } }],
      ['b2', { subtask: 'trajectory' as const, kind: 'choice' as const, truth: { kind: 'choice' as const, letter: 'A' } }],
    ]);
    const sample = { seed: 's', perSubtask: 2, uids: ['a1', 'a2', 'b1', 'b2'], drawn: {} as never };
    let s = startBlindSession('x', 'd', sample, new Date(0));
    for (const [uid, letter] of [
      ['a1', 'A'],
      ['a2', 'B'],
      ['b1', 'A'],
      ['b2', 'A'],
    ])
      s = recordBlindAnswer(s, uid, { kind: 'choice', letter }, 1, new Date(0));
    const h = scoreBlindSession(s, questions, 'paper');
    // tds_easy: scores 100, 0: mean 50, s^2 = 5000, /2 = 2500; trajectory: 100, 100: 0. SE = sqrt(2500) / 2 = 25.
    assert.equal(h.overall, 75);
    assert.equal(h.standardError, 25);
    assert.deepEqual(h.interval95, [75 - 79.08 - 1.959963984540054 * 25, 75 - 79.08 + 1.959963984540054 * 25]);
  });

  it("the paper's human level is the human row of the shipped Table 1", { skip: NEEDS_SHARED }, () => {
    const table = path.join(SHARED_DIR, 'reference', 'gst-bench-table1.csv');
    assert.ok(existsSync(table), table);
    const rows = readFileSync(table, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const header = rows[0];
    const human = rows.find((r) => /^Human/.test(r[1]))!;
    assert.equal(Number(human[header.indexOf('avg')]), PAPER_HUMAN_OVERALL);
    assert.match(human[1], /20 samples\/task/);
  });
});

// Recorded when the sampler was written; a change here changes every published human sample.
const PINNED_FIRST_SIX = ['edist_v_28', 'position_15', 'tds_easy_13', 'gp_s_01', 'position_02', 'edist_s_16'];

describe('blind baseline files', () => {
  it('saves and resumes a session, and writes human-<name>.jsonl that reads back as a result file', async () => {
    const { saveBlindSession, loadBlindSession, writeHumanResultFile } = await import('../../../src/core/baseline/blindFiles');
    const t = await tinySession();
    const session = t.answerAll();
    const dir = mkdtempSync(path.join(tmpdir(), 'gst-blind-'));
    const saved = path.join(dir, 'blind-session.json');
    assert.equal(await loadBlindSession(saved), null);
    await saveBlindSession(saved, session);
    assert.deepEqual(await loadBlindSession(saved), session);
    writeFileSync(saved, '{"version": 7}');
    await assert.rejects(loadBlindSession(saved), /blind-session\.json: the saved session has version 7/);
    const file = await writeHumanResultFile(dir, session);
    assert.equal(path.basename(file), 'human-Ada.jsonl');
    assert.equal(readFileSync(file, 'utf8'), humanResultText(session));
    const evaluation = await evaluateFile(t.dataset, file, { profile: 'paper' });
    assert.equal(evaluation.scored, 4);
  });
});

describe('blind baseline on the real GST-Bench samples', () => {
  it(
    "a participant who answers every sampled question with the truth, in the prompt's format, scores 100",
    { skip: NEEDS_SHARED },
    async () => {
      const { typedAnswerFromParsed } = await import('../../../src/shared/answers/typedAnswer');
      const dataset = await readDataset(path.join(SHARED_DIR, 'datasets', 'gst-page-examples'));
      assert.ok(dataset.questions.length >= 6);
      const sample = sampleBlind(dataset.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null })));
      assert.equal(sample.uids.length, dataset.questions.filter((q) => q.truth && q.subtask !== 'other').length);
      let session = startBlindSession('truth', 'gst-page-examples', sample, new Date(0));
      for (let uid = nextBlindQuestion(session); uid; uid = nextBlindQuestion(session)) {
        const answer = typedAnswerFromParsed(dataset.byUid.get(uid)!.truth!);
        assert.ok(answer, `${uid}: the truth is a prompt-format answer`);
        session = recordBlindAnswer(session, uid, answer, 1, new Date(0));
      }
      const human = scoreBlindSession(session, dataset.byUid, 'paper');
      for (const a of Object.values(human.subtasks)) assert.equal(a!.score, 100);
      assert.equal(human.overall, 100);
    },
  );
});
