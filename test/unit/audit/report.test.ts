import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  auditReportCsv,
  auditReportMarkdown,
  buildAuditReport,
  cohensKappa,
  kappaInterval,
  type AuditQuestionInfo,
} from '../../../src/shared/audit/report';
import { parseGroundTruth } from '../../../src/shared/parsing/answerParser';
import { subtaskInfo, type SubtaskKey } from '../../../src/shared/subtasks';
import type { AuditVerdict } from '../../../src/shared/audit/verdicts';
import { entry } from './fixtures/entries';

function question(uid: string, subtask: SubtaskKey, answer: unknown): AuditQuestionInfo {
  const kind = subtaskInfo(subtask)!.kind;
  return { uid, subtask, kind, truth: parseGroundTruth(kind, answer) };
}

// Ten questions reviewed by ann and bob. ann: 6 ok, 4 wrong-answer. bob agrees on 5 of ann's ok and 3 of her
// wrong-answer, and says wrong-answer on one ok and ok on one wrong-answer.
// po = 8/10 = 0.8; both have marginals ok 0.6, wrong 0.4, so pe = 0.36 + 0.16 = 0.52;
// kappa = (0.8 - 0.52) / (1 - 0.52) = 0.28 / 0.48 = 7/12; SE = sqrt(0.8 * 0.2 / (10 * 0.48^2)) = sqrt(0.16 / 2.304).
const ANN: AuditVerdict[] = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'wrong-answer', 'wrong-answer', 'wrong-answer', 'wrong-answer'];
const BOB: AuditVerdict[] = ['ok', 'ok', 'ok', 'ok', 'ok', 'wrong-answer', 'wrong-answer', 'wrong-answer', 'wrong-answer', 'ok'];

describe("Cohen's kappa", () => {
  it('matches the hand-computed case', () => {
    const k = cohensKappa(ANN.map((a, i) => [a, BOB[i]] as const));
    assert.equal(k.n, 10);
    assert.equal(k.observed, 0.8);
    assert.ok(Math.abs(k.expected - 0.52) < 1e-15);
    assert.ok(Math.abs(k.kappa! - 7 / 12) < 1e-12, String(k.kappa));
    assert.ok(Math.abs(k.standardError! - Math.sqrt(0.16 / 2.304)) < 1e-12);
    assert.equal(
      kappaInterval({ reviewers: ['a', 'b'], ...k }),
      `[${(7 / 12 - 1.959963984540054 * Math.sqrt(0.16 / 2.304)).toFixed(2)}, 1.00]`,
    );
  });

  it('perfect agreement is 1; one shared verdict only is undefined, not 1', () => {
    assert.equal(
      cohensKappa([
        ['ok', 'ok'],
        ['other', 'other'],
      ]).kappa,
      1,
    );
    const single = cohensKappa([
      ['ok', 'ok'],
      ['ok', 'ok'],
    ]);
    assert.equal(single.kappa, null);
    assert.equal(single.observed, 1);
  });
});

describe('audit report', () => {
  const questions = [
    ...ANN.map((_, i) => question(`ed_${i}`, 'ed_v', '-134')),
    question('gp_1', 'gp_v', '<point>391 698</point>'),
    question('gp_2', 'gp_v', '<point>10 10</point>'),
    question('traj_1', 'trajectory', 'C'),
  ];
  const entries = [
    ...ANN.map((v, i) => entry(`ed_${i}`, 'ann', v)),
    ...BOB.map((v, i) => entry(`ed_${i}`, 'bob', v)),
    entry('gp_1', 'ann', 'wrong-answer', { note: 'the | sofa <b>moved</b>', proposed_answer: { kind: 'point', x: 400, y: 690 } }),
    entry('traj_1', 'cy', 'ok'),
    entry('gone', 'cy', 'media-problem', { note: '=HYPERLINK("x")' }),
    entry('traj_1', 'ann', 'ok', { proposed_answer: { kind: 'angle', value: 5 } }),
  ];
  const report = buildAuditReport(entries, questions, 'gst-audit.jsonl');

  it('counts per verdict and subtask: a question under its shared verdict, or under mixed', () => {
    const ed = report.counts.find((r) => r.row === 'ed_v')!;
    assert.deepEqual([ed.questions, ed.audited, ed.verdicts.ok, ed.verdicts['wrong-answer'], ed.mixed], [10, 10, 5, 3, 2]);
    const gp = report.counts.find((r) => r.row === 'gp_v')!;
    assert.deepEqual([gp.questions, gp.audited, gp.verdicts['wrong-answer']], [2, 1, 1]);
    const missing = report.counts.find((r) => r.row === 'not-in-dataset')!;
    assert.deepEqual([missing.questions, missing.audited, missing.verdicts['media-problem']], [0, 1, 1]);
    assert.deepEqual([report.total.questions, report.total.audited, report.audited, report.questions], [13, 13, 12, 13]);
    assert.deepEqual(report.reviewers, ['ann', 'bob', 'cy']);
  });

  it('lists flagged questions with notes, proposed answers and truth; disagreements; problems', () => {
    assert.equal(report.flagged.length, 4 + 4 + 1 + 1);
    const gp = report.flagged.find((f) => f.uid === 'gp_1')!;
    assert.deepEqual([gp.proposed, gp.truth, gp.disagree], ['(400, 690)', '(391, 698)', false]);
    assert.deepEqual(
      report.disagreements.map((d) => d.uid),
      ['ed_5', 'ed_9'],
    );
    assert.deepEqual(
      report.problems.map((p) => p.message),
      ['audited uid not in the dataset: gone', 'ann proposed an angle answer for traj_1, a choice question'],
    );
  });

  it('agreement: only pairs that overlap, with n', () => {
    assert.deepEqual(
      report.agreement.map((a) => [a.reviewers.join('/'), a.n]),
      [
        ['ann/bob', 10],
        ['ann/cy', 1],
      ],
    );
    assert.equal(report.agreement[1].kappa, null, 'one question, one verdict: undefined');
  });

  it('Markdown keeps notes as text: pipes and HTML escaped', () => {
    const md = auditReportMarkdown(report, 'demo');
    assert.ok(md.includes('| EDv | 10 | 10 | 5 | 3 | 0 | 0 | 0 | 0 | 0 | 2 |'));
    assert.ok(md.includes('the \\| sofa &lt;b&gt;moved&lt;/b&gt;'));
    assert.ok(!md.includes('<b>'));
    assert.match(md, /\| ann \/ bob \| 10 \| 80\.00 \| 0\.58 \| \[0\.07, 1\.00\] \|/);
    assert.match(md, /- ed\\_5: ann: ok; bob: wrong-answer/);
  });

  it('CSV: quoted fields, formulas defused, unrounded kappa', () => {
    const flagged = auditReportCsv(report, 'flagged');
    assert.ok(flagged.startsWith('uid,subtask,reviewer,verdict,note,proposed answer,truth,reviewers disagree,time\r\n'));
    assert.ok(flagged.includes(`"'=HYPERLINK(""x"")"`), flagged);
    assert.ok(flagged.includes('"(400, 690)","(391, 698)"'));
    const agreement = auditReportCsv(report, 'agreement').split('\r\n');
    const [a, b, n, po, pe, kappa, se] = agreement[1].split(',');
    assert.deepEqual([a, b, n, po], ['ann', 'bob', '10', '0.8']);
    assert.ok(
      Math.abs(Number(pe) - 0.52) < 1e-15 &&
        Math.abs(Number(kappa) - 7 / 12) < 1e-12 &&
        Math.abs(Number(se) - Math.sqrt(0.16 / 2.304)) < 1e-12,
    );
    assert.equal(agreement[2], 'ann,cy,1,1,1,,');
    const counts = auditReportCsv(report, 'counts').split('\r\n');
    assert.equal(
      counts[0],
      'subtask,questions,audited,ok,wrong-answer,ambiguous,target-not-recognisable,view-not-locatable,media-problem,other,mixed',
    );
    assert.equal(counts[1], 'EDv,10,10,5,3,0,0,0,0,0,2');
  });
});

describe('report cells', () => {
  it('a Markdown cell shows terminal escapes and bidi overrides instead of sending them', async () => {
    const { markdownCell } = await import('../../../src/shared/report/cells');
    // The escape's own backslash is escaped too, so that Markdown renders it as the text \x1b.
    assert.equal(markdownCell('red \u001b[31mtext\u202e|x\ny'), 'red \\\\x1b\\[31mtext\\\\u202e\\|x y');
  });
});
