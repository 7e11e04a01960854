// Blind mode's host side against the real demo dataset and real files: what a blind question carries (only what the
// model saw), a run from the first answer to the reveal, the saved files read back and scored by the same scorer,
// resuming, and the result view's numbers on a hand-computed case.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readDataset, readDatasetDeferringMedia, evaluateFile, type Dataset } from '../../../src/core';
import { loadBlindSession, saveBlindSession, writeHumanResultFile } from '../../../src/core/baseline/blindFiles';
import { buildBlindQuestionView } from '../../../src/panels/viewer/blind/blindView';
import { MediaAliases } from '../../../src/panels/viewer/blind/mediaAliases';
import { BlindRun, type BlindRunDeps } from '../../../src/panels/viewer/blind/blindRun';
import { humanResultView, type ComparedModel } from '../../../src/shared/baseline/resultView';
import { sampleBlind } from '../../../src/shared/baseline/sampler';
import { parseBlindSession, recordBlindAnswer, startBlindSession, type BlindSession } from '../../../src/shared/baseline/session';
import { typedAnswerFromParsed, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import { formatParsed } from '../../../src/shared/parsing/parsedValue';
import type { BlindNotification } from '../../../src/shared/protocol/blind';
import { tempDir } from '../helpers/tempDirs';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');
const toUri = (p: string) => `webview://x/${path.basename(p)}`;
const noVideoInfo = async () => ({ fps: 10, videoCodec: 'avc1', audioCodec: null }) as never;

let demo: Dataset | undefined;
const dataset = async () => (demo ??= await readDataset(DEMO, { sniffMedia: false }));

function runOn(d: Dataset, session: BlindSession, folder: string, models: ComparedModel[] = []): BlindRun {
  return new BlindRun(session, runDeps(d, folder, models));
}

function runDeps(d: Dataset, folder: string, models: ComparedModel[] = []): BlindRunDeps {
  const resultFile = path.join(folder, 'human-Ada.jsonl');
  return {
    getQuestion: (uid) => {
      const question = d.byUid.get(uid);
      return question ? { question, dataset: d } : undefined;
    },
    models: () => models,
    profile: () => 'paper',
    save: async (s) => {
      await saveBlindSession(path.join(folder, 'human-Ada.session.json'), s);
      if (s.answers.length > 0) await writeHumanResultFile(folder, s);
    },
    resultFile,
    now: () => new Date('2026-12-01T10:00:00.000Z'),
    readVideoInfo: noVideoInfo,
  };
}

const question = (m: BlindNotification) => {
  assert.equal(m.type, 'blindQuestion');
  return (m as Extract<BlindNotification, { type: 'blindQuestion' }>).question;
};

describe('a blind question carries only what the model saw', () => {
  it('no truth, uid, geometry, result or file name for any of the 36 demo questions; the input follows the subtask', async () => {
    const d = await dataset();
    const aliases = new MediaAliases(tempDir('gst-blind-media-'));
    for (const q of d.questions) {
      aliases.clear();
      const view = (await buildBlindQuestionView(q, {
        number: 1,
        total: 1,
        answered: 0,
        participant: 'Ada',
        toUri: (file) => `webview-resource:${aliases.alias(file)}`,
        readVideoInfo: noVideoInfo,
      }))!;
      for (const m of [view.video, ...view.images])
        if (m?.uri) assert.ok(readFileSync(m.uri.replace('webview-resource:', '')).length > 0, `${q.uid}: the alias of ${m.label} reads`);
      const json = JSON.stringify(view);
      assert.ok(!json.includes(q.uid), `${q.uid}: uid`);
      assert.deepEqual(
        Object.keys(view).sort(),
        ['answered', 'images', 'input', 'kind', 'map', 'number', 'participant', 'prompt', 'subtask', 'total', 'video'],
        `${q.uid}: only these fields (no truth, geometry or results)`,
      );
      for (const m of [q.video, ...q.images])
        if (m) assert.ok(!json.includes(path.basename(m.relPath)), `${q.uid}: file name ${m.relPath}`);
      const g = q.extra.geometry as { agent: { heading: number } | null; target: { label: string } | null };
      if (g.target) assert.ok(!json.includes(g.target.label), `${q.uid}: target label`);
      // The texts are the prompt's; the answer text itself never appears as a value of its own.
      assert.deepEqual(
        view.prompt.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text),
        q.prompt.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text),
      );
      const expected = q.subtask === 'orientation' ? 'heading' : q.kind === 'angle' ? 'direction' : q.kind;
      assert.equal(view.input, expected, q.uid);
      if (view.input === 'point' || view.input === 'heading') {
        assert.ok(view.map?.uri, `${q.uid}: the map the prompt shows`);
        assert.deepEqual([view.map!.width, view.map!.height], [480, 360], 'the size from the geometry, not the positions');
      } else assert.equal(view.map, null, `${q.uid}: direction and distance prompts show no map`);
    }
  });
});

describe('a blind run', () => {
  it("checks the media of the question it asks when its dataset's check has not reached them", async () => {
    const { dataset: d, media } = await readDatasetDeferringMedia(DEMO, { sniffMedia: false });
    const sample = sampleBlind(
      d.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null })),
      { perSubtask: 1 },
    );
    const run = new BlindRun(startBlindSession('Ada', 'demo', sample, new Date(0)), {
      ...runDeps(d, tempDir('gst-blind-deferred-')),
      mediaOf: (q) => media.question(q),
    });
    const asked = question(await run.view(toUri));
    assert.ok(asked.video?.uri, 'the video is shown, not missing');
    assert.ok(asked.images.every((m) => m.uri !== null));
    assert.equal(media.has(d.byUid.get(sample.uids[0])!), false);
    assert.equal(media.has(d.byUid.get(sample.uids[1])!), true, 'the next question waits');
  });

  it('asks the sample in order, saves each answer before the next, refuses a stale or wrong answer, and its file scores like any model', async () => {
    const d = await dataset();
    const folder = tempDir('gst-blind-run-');
    const sample = sampleBlind(
      d.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: q.truth !== null })),
      { perSubtask: 1 },
    );
    const run = runOn(d, startBlindSession('Ada', 'demo', sample, new Date(0)), folder);
    assert.equal(sample.uids.length, 12);
    const given = new Map<string, TypedAnswer>();
    for (let i = 0; i < sample.uids.length; i++) {
      const q = question(await run.view(toUri));
      assert.equal(q.number, i + 1);
      assert.equal(q.answered, i);
      const truth = d.byUid.get(sample.uids[i])!;
      // Half the answers right (the truth), half wrong in a known way.
      const right = typedAnswerFromParsed(truth.truth!)!;
      const wrong: TypedAnswer =
        right.kind === 'choice'
          ? { kind: 'choice', letter: right.letter === 'A' ? 'B' : 'A' }
          : right.kind === 'point'
            ? { kind: 'point', x: right.x > 500 ? 0 : 999, y: right.y > 500 ? 0 : 999 }
            : right.kind === 'angle'
              ? { kind: 'angle', value: right.value > 0 ? right.value - 180 : right.value + 180 }
              : { kind: 'distance', value: right.value * 10 };
      const a = i % 2 === 0 ? right : wrong;
      if (i === 0) {
        assert.deepEqual(await run.submit(2, a, 5), { saved: false, message: 'Question 2 is not the one being asked.' });
        const other: TypedAnswer = a.kind === 'choice' ? { kind: 'distance', value: 1 } : { kind: 'choice', letter: 'A' };
        assert.equal((await run.submit(1, other, 5)).saved, false, 'an answer of another kind is refused');
      }
      assert.deepEqual(await run.submit(i + 1, a, 1000 + i), { saved: true });
      given.set(truth.uid, a);
      const saved = await loadBlindSession(path.join(folder, 'human-Ada.session.json'));
      assert.equal(saved!.answers.length, i + 1, 'saved before the next question');
    }
    const result = await run.view(toUri);
    assert.equal(result.type, 'humanResult', 'after the last answer: the result');

    const file = path.join(folder, 'human-Ada.jsonl');
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => [l.uid, l.model, l.template, l.elapsed_ms]),
      sample.uids.map((u, i) => [u, 'human:Ada', 'blind', 1000 + i]),
    );
    const ev = await evaluateFile(d, file, { profile: 'paper' });
    assert.equal(ev.scored, 12);
    for (const [i, uid] of sample.uids.entries()) assert.equal(ev.byUid.get(uid)!.score, i % 2 === 0 ? 1 : 0, uid);
    const view = (result as Extract<BlindNotification, { type: 'humanResult' }>).result;
    const expected = (100 * [...ev.byUid.values()].reduce((s, o) => s + o.score, 0)) / 12; // one question per subtask
    assert.equal(ev.overall, expected);
    assert.equal(view.rows.at(-1)!.you, expected.toFixed(2));
    assert.equal(view.rows.at(-1)!.paper, '79.08');
    assert.equal(view.finished, true);
    assert.equal(view.questions, undefined, 'nothing revealed before the reveal');
    for (const uid of sample.uids) assert.ok(!JSON.stringify(view).includes(uid), 'no question is named in the result before the reveal');

    await run.reveal();
    const revealed = (run.result().questions ?? []).map((q) => [q.uid, q.truth, q.score]);
    assert.deepEqual(
      revealed,
      sample.uids.map((u, i) => [u, formatParsed(d.byUid.get(u)!.truth), i % 2 === 0 ? '1.00' : '0.00']),
    );
    const saved = parseBlindSession(readFileSync(path.join(folder, 'human-Ada.session.json'), 'utf8'));
    assert.equal(saved.revealed_at, '2026-12-01T10:00:00.000Z', 'the reveal is kept in the session');
    assert.throws(() => recordBlindAnswer(saved, sample.uids[0], given.get(sample.uids[0])!, 1, new Date()), /revealed/);
  });

  it('resumes from the saved session at the first unanswered question; a second submit while saving is refused', async () => {
    const d = await dataset();
    const folder = tempDir('gst-blind-resume-');
    const sample = sampleBlind(
      d.questions.map((q) => ({ uid: q.uid, subtask: q.subtask, scorable: true })),
      { perSubtask: 1 },
    );
    let s = startBlindSession('Ada', 'demo', sample, new Date(0));
    for (const uid of sample.uids.slice(0, 3))
      s = recordBlindAnswer(s, uid, typedAnswerFromParsed(d.byUid.get(uid)!.truth!)!, 10, new Date(0));
    await saveBlindSession(path.join(folder, 'human-Ada.session.json'), s);
    const resumed = runOn(d, (await loadBlindSession(path.join(folder, 'human-Ada.session.json')))!, folder);
    const q = question(await resumed.view(toUri));
    assert.equal(q.number, 4);
    assert.equal(q.answered, 3);
    const a = typedAnswerFromParsed(d.byUid.get(sample.uids[3])!.truth!)!;
    const both = await Promise.all([resumed.submit(4, a, 1), resumed.submit(4, a, 1)]);
    assert.deepEqual(
      both.map((r) => r.saved),
      [true, false],
    );
    assert.equal(resumed.session().answers.length, 4);
  });
});

describe('the result view', () => {
  it("each model's column is its score on the questions answered; the paper column is Table 1's human row", () => {
    const choice = (letter: string) => ({ kind: 'choice' as const, letter });
    const questions = new Map([
      ['a1', { subtask: 'tds_easy' as const, kind: 'choice' as const, truth: choice('A') }],
      ['a2', { subtask: 'tds_easy' as const, kind: 'choice' as const, truth: choice('A') }],
      ['b1', { subtask: 'trajectory' as const, kind: 'choice' as const, truth: choice('B') }],
    ]);
    const sample = { seed: 's', perSubtask: 2, uids: ['a1', 'a2', 'b1'], drawn: {} as never };
    let s = startBlindSession('Ada', 'd', sample, new Date(0));
    s = recordBlindAnswer(s, 'a1', choice('A'), 1, new Date(0));
    s = recordBlindAnswer(s, 'b1', choice('C'), 1, new Date(0));
    // The model answers all three right; on the two questions answered it scores 100 on both subtasks.
    const model: ComparedModel = { label: 'm', colorIndex: 0, overall: 42, outcome: () => ({ score: 1, unparsed: false }) };
    const v = humanResultView({ session: s, questions, models: [model], profile: 'paper', resultFile: 'human-Ada.jsonl' });
    const row = (k: string) => v.rows.find((r) => r.key === k)!;
    assert.deepEqual(
      [row('tds_easy').you, row('tds_easy').n, row('tds_easy').paper, row('tds_easy').models],
      ['100.00', 1, '100.00', ['100.00']],
    );
    assert.deepEqual([row('trajectory').you, row('trajectory').paper, row('trajectory').models], ['0.00', '90.00', ['100.00']]);
    assert.deepEqual([row('ed_v').you, row('ed_v').paper, row('ed_v').models], ['—', '75.00', ['—']]);
    assert.deepEqual([row('overall').you, row('overall').paper, row('overall').models], ['50.00', '79.08', ['100.00']]);
    assert.deepEqual(v.models, [{ label: 'm', colorIndex: 0, overall: '42.00' }]);
    assert.equal(v.finished, false, 'a2 is still to answer');
    assert.match(
      v.summary,
      /^50\.00 over 2 subtasks \(2 of 3 answered\); the paper's humans 79\.08; difference -29\.08; not comparable yet/,
    );
  });
});
