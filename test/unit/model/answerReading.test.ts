// How an answer was read, as the tree and the viewer show it: the "read by a fallback rule" and "ambiguous"
// filters, the rule wording beside the highlighted span, and format loss on the demo's template-b.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  AMBIGUITY_RULES,
  evaluateResultFileWithSettings,
  DEFAULT_FIELDS,
  formatLossOf,
  isFallbackRule,
  lossPhrase,
  parsePrediction,
  readDataset,
  readingLines,
  scoreParsed,
  statusOf,
  type Ambiguity,
  type Question,
  type QuestionOutcome,
  type ReaderName,
} from '../../../src/core';
import {
  buildQuestionTree,
  DEFAULT_FILTER,
  describeFilter,
  tooltipText,
  isStatusFilter,
  matchesFilter,
  resultDescription,
  resultTooltip,
  STATUS_FILTERS,
  type ResultFileState,
  type SubtaskNode,
} from '../../../src/model';
import { resultViews } from '../../../src/panels/viewer/sampleView';
import { REPO_ROOT } from '../helpers/shared';
import { question, TASKS } from './fixtures';

function outcomeBy(q: Question, prediction: string, reader: ReaderName): QuestionOutcome {
  const parse = parsePrediction(q.kind!, prediction, reader);
  const r = scoreParsed(q.truth!, parse.parsed, 'paper');
  return { uid: q.uid, line: 1, prediction, parse, score: r.score, detail: r.detail, status: statusOf(r.score, parse.parsed !== null) };
}

describe('answer reading filters', () => {
  const cases: Array<{ uid: string; task: string; answer: string; prediction?: string; reader?: ReaderName }> = [
    { uid: 'exact', task: TASKS.edv, answer: '45', prediction: '45' },
    { uid: 'tagged', task: TASKS.edv, answer: '45', prediction: '<think>left?</think><answer>45</answer>' },
    { uid: 'phrase', task: TASKS.edv, answer: '45', prediction: 'The answer is 45° to the left.' },
    { uid: 'range', task: TASKS.edistv, answer: '2.5', prediction: 'About 2-3 m.' },
    { uid: 'two-options', task: TASKS.tdsE, answer: 'A', prediction: 'Both A and B could match.' },
    { uid: 'unparsed', task: TASKS.edv, answer: '45', prediction: 'It is on the left.' },
    { uid: 'strict-reader', task: TASKS.edv, answer: '45', prediction: 'The answer is 45° to the left.', reader: 'strict' },
    { uid: 'no-line', task: TASKS.edv, answer: '45' },
  ];
  const questions = cases.map((c) => question(c.task, c.uid, c.answer));
  const outcomes = new Map(
    cases.flatMap((c, i) => (c.prediction === undefined ? [] : [[c.uid, outcomeBy(questions[i], c.prediction, c.reader ?? 'lenient')]])),
  ) as Map<string, QuestionOutcome>;
  const pass = (status: 'fallback' | 'ambiguous') =>
    questions.filter((q) => matchesFilter(q, outcomes.get(q.uid), { ...DEFAULT_FILTER, status })).map((q) => q.uid);

  it('"read by a fallback rule" keeps the answers the strict reader would not accept, and nothing unparsed', () => {
    assert.deepEqual(pass('fallback'), ['phrase', 'range']);
    assert.equal(outcomes.get('phrase')!.parse.rule, 'final-answer phrase');
    assert.equal(isFallbackRule('exact format'), false);
    assert.equal(isFallbackRule('answer tag'), false);
    assert.equal(isFallbackRule('only value'), true);
    assert.equal(isFallbackRule(undefined), false);
  });

  it('"ambiguous" keeps every flagged answer, read or unparsed', () => {
    assert.deepEqual(pass('ambiguous'), ['range', 'two-options']);
    assert.equal(outcomes.get('two-options')!.parse.parsed, null);
  });

  it('are offered in the status quick pick and named in the view description', () => {
    assert.ok(isStatusFilter('fallback') && isStatusFilter('ambiguous'));
    const labels = STATUS_FILTERS.map((s) => s.label);
    assert.ok(labels.includes('Read by a fallback rule') && labels.includes('Ambiguous'), labels.join(', '));
    assert.equal(describeFilter({ ...DEFAULT_FILTER, status: 'fallback' }), 'read by a fallback rule');
    assert.equal(describeFilter({ ...DEFAULT_FILTER, status: 'ambiguous', scene: 'scene_1' }), 'ambiguous · scene_1');
  });
});

describe('reading text beside the highlighted span', () => {
  const lines = (kind: 'angle' | 'distance' | 'point' | 'choice', raw: string, reader: ReaderName = 'lenient') =>
    readingLines(parsePrediction(kind, raw, reader));

  it('names the rule as docs/PARSING.md does, whether it is a fallback, and the reader', () => {
    assert.deepEqual(lines('angle', '-134'), ["rule: exact format (the prompt's format), lenient reader"]);
    assert.deepEqual(lines('distance', '<answer>13.2</answer>', 'strict'), ["rule: answer tag (the prompt's format), strict reader"]);
    assert.deepEqual(lines('angle', 'The answer is 45° to the left.'), [
      'rule: final-answer phrase (a fallback rule), lenient reader',
      'read: direction word',
    ]);
    assert.deepEqual(lines('distance', 'I passed 3 doors. So, 350 cm.'), [
      'rule: conclusion phrase (a fallback rule), lenient reader',
      'read: unit converted',
    ]);
    assert.deepEqual(lines('angle', 'The answer is 45° to the left.', 'strict'), ['strict reader: no rule found a value']);
  });

  it('says when normalised or percentage coordinates were rescaled to the map', () => {
    assert.deepEqual(lines('point', '(0.51, 0.30)'), [
      'rule: only value (a fallback rule), lenient reader',
      'read as normalised [0, 1] coordinates, rescaled to [0, 999]',
    ]);
    assert.deepEqual(lines('point', '<point x="51.2" y="30.0" alt="fridge">fridge</point>'), [
      'rule: point tag (a fallback rule), lenient reader',
      'read as percentages of the image, rescaled to [0, 999]',
    ]);
  });

  it('gives the ambiguity flag with its documented rule', () => {
    assert.deepEqual(lines('distance', '2-3 m'), [
      'rule: only value (a fallback rule), lenient reader',
      'ambiguous: range; rule: the midpoint, exact',
    ]);
    assert.deepEqual(lines('choice', 'Both A and B could match.'), [
      'lenient reader: no rule found a value',
      'ambiguous: several options; rule: unparsed (score 0)',
    ]);
  });

  it('states each ambiguity rule exactly as the table in docs/PARSING.md does', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/PARSING.md'), 'utf8');
    const documented = new Map<string, string>();
    for (const line of doc.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      // "| case | rule | flag |" rows: the flag is in backticks.
      if (cells.length === 5 && /^`[^`]+`$/.test(cells[3])) documented.set(cells[3].slice(1, -1), cells[2]);
    }
    for (const [flag, rule] of Object.entries(AMBIGUITY_RULES) as Array<[Ambiguity, string]>)
      assert.equal(documented.get(flag), rule, `the documented rule for "${flag}"`);
    assert.equal(documented.size, Object.keys(AMBIGUITY_RULES).length);
  });
});

describe('format loss in the tree and the viewer (the demo)', () => {
  const demo = path.join(REPO_ROOT, 'examples/demo');
  const load = async (name: string) => {
    const dataset = await readDataset(demo);
    const file = path.join(demo, 'results', `${name}.jsonl`);
    const options = { profile: 'paper' as const, reader: 'lenient' as const, fields: DEFAULT_FIELDS };
    const evaluation = await evaluateResultFileWithSettings(dataset, file, options);
    evaluation.formatLoss = formatLossOf(dataset, evaluation, options);
    const state: ResultFileState = { id: file, file, colorIndex: 2, active: true, compared: true, evaluation };
    return { dataset, evaluation, state };
  };

  it('template-b: lenient 76.76, strict 25.19, format loss 51.57 in the Results row', async () => {
    const { state } = await load('template-b');
    assert.match(resultDescription(state), /^format loss 51\.57 · /);
    assert.match(
      resultTooltip(state),
      /format loss: template-b loses 51\.57 points to format \(lenient 76\.76, strict 25\.19\); the most on one subtask: loses 100\.00 points on Ori to format \(3 of 3 questions\)/,
    );
  });

  it('a file without format loss says nothing of it in the row, and "loses nothing" in the tooltip', async () => {
    const { state, evaluation } = await load('random');
    assert.equal(evaluation.formatLoss!.overall.loss, 0);
    assert.doesNotMatch(resultDescription(state), /format loss/);
    assert.match(resultTooltip(state), /random loses nothing to format/);
    assert.equal(lossPhrase(0, 'EDv'), 'loses nothing on EDv to format');
  });

  it('the subtask rows of the active file and the viewer header give the subtask’s loss', async () => {
    const { dataset, evaluation, state } = await load('template-b');
    const tree = buildQuestionTree(dataset.questions, { label: 'template-b.jsonl', evaluation }, DEFAULT_FILTER);
    const edv = tree.byId.get('subtask:ed_v') as SubtaskNode | undefined;
    assert.ok(
      edv,
      tree.roots
        .flatMap((r) => (r.type === 'competency' ? r.children : [r]))
        .map((n) => n.id)
        .join(', '),
    );
    const want = 'template-b loses 55.56 points on EDv to format (lenient 88.89, strict 33.33; 2 of 3 questions differ)';
    assert.ok(tooltipText(edv.tooltip!).includes(`Format loss: ${want}`), tooltipText(edv.tooltip!));
    const q = dataset.questions.find((x) => x.subtask === 'ed_v')!;
    const views = resultViews(q.uid, [{ id: state.id, label: 'template-b', colorIndex: 2, active: true, evaluation }], q.subtask);
    assert.equal(views[0].formatLoss, want);
    assert.ok(views[0].outcome?.reading?.rule, 'the viewer gets the rule');
  });
});
