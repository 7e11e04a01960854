import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  TABLE_FORMATS,
  compareSets,
  compareTableModel,
  formatDelta,
  formatPValue,
  latexEscape,
  renderTable,
  scoreTableModel,
  scoreboardRows,
  scoreboardTableModel,
  type QuestionResult,
  type ResultSet,
} from '../../../src/shared';

/** Every number as printed (two-decimal scores, p-values, counts), in reading order. */
const numbers = (text: string) => text.match(/[+-]?\d+(?:\.\d+)?/g) ?? [];

function resultSet(id: string, k: number): ResultSet {
  const results = new Map<string, QuestionResult>();
  for (let i = 0; i < 40; i++)
    results.set(`q${i}`, {
      subtask: i < 20 ? 'ed_v' : 'tds_hard',
      score: ((i * k) % 4) / 3 > 1 ? 1 : ((i * k) % 4) / 3,
      unparsed: i === k,
      index: i,
    });
  return { id, label: `model_${id} & co`, file: `${id}.jsonl`, results };
}

describe('exports', () => {
  const summary = scoreTableModel([
    {
      label: 'GPT_5 / t&1',
      subtasks: { ed_v: { score: 41.666666, n: 12, unparsed: 1 }, trajectory: { score: 100, n: 3, unparsed: 0 } },
      overall: 70.833333,
    },
    { label: 'B', subtasks: {}, overall: null },
  ]);
  it('the subtask table has the same numbers in text, Markdown, CSV and LaTeX', () => {
    const expected = ['41.67', '100.00', '70.83'];
    for (const f of TABLE_FORMATS)
      assert.deepEqual(
        numbers(renderTable(summary, f)).filter((n) => n.includes('.')),
        expected,
        f,
      );
  });
  it('the compare and scoreboard tables too', () => {
    const c = compareSets([resultSet('a', 1), resultSet('b', 3)]);
    const tables = [compareTableModel(c), scoreboardTableModel(scoreboardRows(c.sets, { groups: ['human'] }))];
    for (const t of tables) {
      const want = numbers(renderTable(t, 'text'));
      for (const f of TABLE_FORMATS) assert.deepEqual(numbers(renderTable(t, f)), want, f);
    }
  });
  it('each format escapes its own specials', () => {
    const md = renderTable(summary, 'markdown');
    assert.match(md.split('\n')[1], /^\|:---\|---:\|/);
    const latex = renderTable(summary, 'latex');
    assert.match(latex, /^\\begin\{tabular\}\{lrrrrrrrrrrrrr\}\n\\toprule\n/);
    assert.match(latex, /GPT\\_5 \/ t\\&1 & 41\.67 & --- /);
    assert.match(latex, /\\bottomrule\n\\end\{tabular\}$/);
    assert.equal(latexEscape('50% #1 {x} ~ ^ \\'), '50\\% \\#1 \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
    const csv = renderTable(
      {
        header: ['a', 'b'],
        rows: [
          ['x, y', 'say "hi"'],
          ['|', ' pad'],
        ],
      },
      'csv',
    );
    assert.equal(csv, 'a,b\n"x, y","say ""hi"""\n|," pad"');
    assert.equal(renderTable({ header: ['a'], rows: [['x|y']] }, 'markdown'), '| a |\n|:---|\n| x\\|y |');
  });
  it('deltas carry their sign; p-values three decimals', () => {
    assert.deepEqual(
      [formatDelta(1.234), formatDelta(-0.5), formatDelta(0), formatDelta(0.001), formatDelta(null)],
      ['+1.23', '-0.50', '0.00', '0.00', '—'],
    );
    assert.deepEqual(
      [formatPValue(0.04321), formatPValue(1 / 2001), formatPValue(1), formatPValue(null)],
      ['0.043', '<0.001', '1.000', '—'],
    );
  });
});
