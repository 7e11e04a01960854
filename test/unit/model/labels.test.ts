import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SUBTASKS } from '../../../src/core';
import { countDescription, questionSummary, questionTooltip, shortQuestionLabel, subtaskLabel, tooltipText } from '../../../src/model';
import { outcome, question, TASKS } from './fixtures';

describe('labels', () => {
  it('subtask label: abbreviation · name', () => {
    assert.equal(subtaskLabel(SUBTASKS.find((s) => s.key === 'ed_v')!), 'EDv · Egocentric Direction (visual)');
    assert.equal(subtaskLabel(SUBTASKS.find((s) => s.key === 'trajectory')!), 'Traj · Trajectory Selection');
  });

  it('count description: the score first, with and without filter and coverage', () => {
    assert.equal(countDescription(12, 12, 41.6667), '41.67 · 12 q');
    assert.equal(countDescription(3, 12, 0), '0.00 · 3/12 q');
    assert.equal(countDescription(12, 12), '12 q');
    assert.equal(countDescription(12, 12, null), '— · 12 q');
    assert.equal(
      countDescription(3, 3, 50, { covered: 2, total: 3 }),
      '50.00 (2/3) · 3 q',
      'a score over some of the questions says over how many',
    );
    assert.equal(countDescription(3, 3, 50, { covered: 3, total: 3 }), '50.00 · 3 q');
  });

  it('short question labels from the real uids', () => {
    const cases: Array<[string, string]> = [
      [
        'scene2_Object_Localization_Egocentric_Direction_visual_armchair_vzhxuf_0_pos_10_orient_4_video_3',
        'scene2 · armchair_vzhxuf_0 · pos 10 / orient 4 · video 3',
      ],
      [
        'scene1_Object_Localization_Egocentric_Distance_visual_armchair_bslhmj_0_pos_2_orient_0_video_5',
        'scene1 · armchair_bslhmj_0 · pos 2 / orient 0 · video 5',
      ],
      ['scene4_Egocentric_Localization_Global_Position_pos_25_orient_11_video_4', 'scene4 · pos 25 / orient 11 · video 4'],
      ['scene46_Topdown_Selection_Easy_video_0', 'scene46 · video 0'],
      ['scene16_Topdown_Selection_Medium_video_1', 'scene16 · video 1'],
      ['scene1_Trajection_Selection_traject_9_4', 'scene1 · traj 9_4'],
    ];
    for (const [uid, label] of cases) assert.equal(shortQuestionLabel(uid), label, uid);
  });

  it('short label falls back to the uid when it has no structure', () => {
    assert.equal(shortQuestionLabel('q-000123'), 'q-000123');
    assert.equal(shortQuestionLabel(''), '');
    assert.equal(shortQuestionLabel('scene3'), 'scene3', 'a scene alone is not shorter');
  });

  it('short label keeps unknown trailing parts', () => {
    assert.equal(
      shortQuestionLabel('scene3_Object_Localization_Global_Position_semantic_sofa_1_pos_3_orient_2_video_1_extra'),
      'scene3 · sofa_1 · pos 3 / orient 2 · video 1 · extra',
    );
  });

  it('question summary: the score first, then truth vs parsed prediction', () => {
    const q = question(TASKS.edv, 'a', '-134');
    assert.equal(questionSummary(q, undefined, false), '-134°');
    assert.equal(questionSummary(q, undefined, true), 'no prediction · -134°');
    assert.equal(questionSummary(q, outcome(q, '-120'), true), '1.00 · -134° vs -120°');
    assert.equal(questionSummary(q, outcome(q, '-100'), true), '0.33 · -134° vs -100°');
    assert.equal(questionSummary(q, outcome(q, 'no idea'), true), '0.00 · -134° vs unparsed');
    const bad = question(TASKS.edv, 'b', 'left-ish');
    assert.equal(questionSummary(bad, undefined, false), 'bad answer "left-ish"');
  });

  it('tooltips keep model output and question text as plain text parts, never markup', () => {
    const q = question(TASKS.edv, 'x_1', '10', { texts: ['See <b>this</b> *now*'] });
    const tip = questionTooltip(q, outcome(q, '<img src=x onerror=alert(1)> 10'), 'run.jsonl');
    const parts = tip.flat();
    assert.deepEqual(parts[0], { text: 'x_1', bold: true }, 'the uid is the bold heading');
    assert.ok(parts.some((p) => 'text' in p && p.text === 'Prediction: <img src=x onerror=alert(1)> 10' && !p.bold));
    assert.ok(parts.some((p) => 'text' in p && p.text === 'See <b>this</b> *now*' && !p.bold));
    assert.ok(tooltipText(tip).includes('run.jsonl: 10° (score 1.00'), tooltipText(tip));
  });

  it('tooltip lists data problems behind a warning icon', () => {
    const q = question(TASKS.edv, 'p', '10', { problems: [{ file: 'f', severity: 'warning', message: 'missing video: v.mp4' }] });
    assert.deepEqual(questionTooltip(q, undefined, undefined).at(-1), [{ icon: 'warning' }, { text: 'missing video: v.mp4' }]);
  });
});

describe('result file labels', () => {
  it('label: the overall before the file stem; description names model (unless the same), template and lines', async () => {
    const { resultDescription, resultLabel, resultRowLabel, statusBarText } = await import('../../../src/model');
    const { coverageOf } = await import('../../../src/core');
    const ev = (model?: string, template?: string) => ({
      file: '/r/noisy-oracle.jsonl',
      model,
      template,
      lines: 36,
      overall: 88.8123,
      scored: 36,
      skipped: 0,
      problems: [],
      subtasks: { ed_v: { score: 88.8123, n: 3, unparsed: 0 } },
      byUid: new Map(),
    });
    const full = coverageOf({ ed_v: { n: 3 } }, { ed_v: 3 });
    assert.equal(resultLabel({ file: '/r/noisy-oracle.jsonl', evaluation: undefined }), 'noisy-oracle');
    assert.equal(resultRowLabel({ file: '/r/noisy-oracle.jsonl', evaluation: ev() }, full), '88.81 · noisy-oracle');
    assert.equal(resultRowLabel({ file: '/r/noisy-oracle.jsonl', evaluation: undefined }, undefined), 'noisy-oracle');
    assert.equal(
      resultDescription({ file: '/r/noisy-oracle.jsonl', evaluation: ev('noisy-oracle', 'default') }, full),
      'default · 36 lines',
    );
    assert.equal(
      resultDescription({ file: '/r/template-b.jsonl', evaluation: ev('noisy-oracle', 'template-b') }, full),
      'noisy-oracle · template-b · 36 lines',
    );
    assert.equal(resultDescription({ file: '/r/x.jsonl', evaluation: undefined }), 'waiting for a dataset');
    assert.equal(resultDescription({ file: '/r/x.jsonl', evaluation: undefined, error: 'cannot read: ENOENT' }), 'cannot read: ENOENT');
    assert.equal(
      statusBarText({ id: 'a', file: '/r/noisy-oracle.jsonl', colorIndex: 0, active: true, compared: false, evaluation: ev() }, full),
      '$(beaker) noisy-oracle 88.81',
    );
    assert.equal(statusBarText(undefined), undefined);
  });

  it('a partial file shows its coverage beside the score, everywhere', async () => {
    const { resultDescription, resultRowLabel, resultTooltip, statusBarText } = await import('../../../src/model');
    const { coverageOf } = await import('../../../src/core');
    const subtasks = { ed_v: { score: 33.3333, n: 2, unparsed: 0 }, gp_v: { score: 0, n: 2, unparsed: 0 } };
    const ev = { file: '/r/partial.jsonl', lines: 4, overall: 16.6667, scored: 4, skipped: 0, problems: [], subtasks, byUid: new Map() };
    const dataset = Object.fromEntries(
      [
        'ed_v',
        'ed_s',
        'edist_v',
        'edist_s',
        'gp_v',
        'gp_s',
        'position',
        'orientation',
        'tds_easy',
        'tds_medium',
        'tds_hard',
        'trajectory',
      ].map((k) => [k, 3]),
    );
    const c = coverageOf(subtasks, dataset);
    const r = { id: 'p', file: '/r/partial.jsonl', colorIndex: 0, active: true, compared: false, evaluation: ev };
    assert.equal(resultRowLabel(r, c), '16.67 partial · partial');
    assert.equal(resultDescription(r, c), '2/12 subtasks, 4/36 questions · 4 lines');
    assert.match(resultTooltip(r, c), /Avg\. 16\.67 \(partial: 2\/12 subtasks, 4\/36 questions\)/);
    assert.equal(statusBarText(r, c), '$(beaker) partial 16.67 partial (2/12 subtasks, 4/36 questions)');
  });
});
