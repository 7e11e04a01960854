import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { formatScore, PAPER_TABLE1 } from '../../../src/shared';
import { generateDataset } from '../../../src/generator/generate';
import { REPO_ROOT } from '../helpers/shared';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli.ts'), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('gst-bench compare, scoreboard and summary exports on a generated dataset', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-stats-cli-'));
  const result = (name: string) => path.join(dir, 'results', `${name}.jsonl`);
  before(async () => {
    await generateDataset({
      out: dir,
      seed: '11',
      scenes: 2,
      questionsPerSubtask: 6,
      width: 64,
      height: 64,
      video: false,
      stubViews: true,
      force: true,
    });
    // Two runs of one model and template, and one file with two settings of the same questions.
    const lines = readFileSync(result('template-b'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const oracle = readFileSync(result('noisy-oracle'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    writeFileSync(path.join(dir, 'run1.jsonl'), lines.map((l) => JSON.stringify({ ...l, run: 1 })).join('\n') + '\n');
    writeFileSync(
      path.join(dir, 'run2.jsonl'),
      oracle.map((l) => JSON.stringify({ ...l, template: 'template-b', run: 2 })).join('\n') + '\n',
    );
    const settings = [
      ...lines.map((l) => ({ ...l, model: 'GPT-5', setting: 'global' })),
      ...oracle.map((l) => ({ ...l, model: 'GPT-5', template: 'template-b', setting: 'local-video' })),
    ];
    writeFileSync(path.join(dir, 'settings.jsonl'), settings.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });

  it('compare --json: per-file scores and format loss equal summary --json, deltas paired on all 72 questions, reproducible', () => {
    const files = [result('noisy-oracle'), result('template-b'), result('random')];
    const r = cli('compare', ...files, '--dataset', dir, '--json');
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual([doc.seed, doc.resamples, doc.permutations, doc.level], [20260801, 2000, 2000, 0.95]);
    assert.equal(doc.sets.length, 3);
    assert.equal(doc.deltas.length, 2);
    for (const [i, f] of files.entries()) {
      const summary = JSON.parse(cli('summary', f, '--dataset', dir, '--json').stdout);
      assert.equal(doc.sets[i].overall.score, summary.overall, 'the same bits as summary');
      assert.deepEqual(doc.files[i].formatLoss, summary.formatLoss, "the format loss is summary's");
      for (const [k, v] of Object.entries(summary.subtasks)) {
        const { score, n, unparsed } = doc.sets[i].subtasks[k];
        assert.deepEqual({ score, n, unparsed }, v, k);
      }
    }
    for (const d of doc.deltas) {
      assert.equal(d.overall.n, 72);
      assert.deepEqual([d.onlyBaseline, d.onlyOther], [0, 0]);
      for (const s of Object.values(d.subtasks) as { n: number; p: number; ci: { lo: number; hi: number }; delta: number }[]) {
        assert.equal(s.n, 6);
        assert.ok(s.p > 0 && s.p <= 1 && s.ci.lo <= s.delta + 1e-9 && s.delta <= s.ci.hi + 1e-9);
      }
    }
    assert.equal(cli('compare', ...files, '--dataset', dir, '--json').stdout, r.stdout, 'two runs print the same numbers');
    const reseeded = JSON.parse(cli('compare', ...files, '--dataset', dir, '--json', '--seed', '3').stdout);
    assert.equal(reseeded.sets[0].overall.score, doc.sets[0].overall.score);
    assert.notDeepEqual(reseeded.sets[0].overall.ci, doc.sets[0].overall.ci);
  });

  it('--baseline, run groups and local-control settings', () => {
    const r = cli(
      'compare',
      path.join(dir, 'run1.jsonl'),
      path.join(dir, 'run2.jsonl'),
      path.join(dir, 'settings.jsonl'),
      '--dataset',
      dir,
      '--baseline',
      path.join(dir, 'run2.jsonl'),
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.ok(doc.baseline.endsWith('run2.jsonl'));
    assert.equal(doc.sets.length, 4, 'the settings file is two sets');
    assert.deepEqual(
      doc.runGroups.map((g: { runs: string[] }) => g.runs),
      [['1', '2']],
    );
    assert.equal(doc.settings.length, 1);
    const s = doc.settings[0];
    assert.equal(s.setting, 'local-video');
    assert.equal(s.delta.paired, true);
    assert.equal(s.paper.ed_s.global, 31.09);
  });

  it('--csv and --markdown print the numbers of --json; text shows the method and coverage', () => {
    const files = [result('noisy-oracle'), result('template-b')];
    const doc = JSON.parse(cli('compare', ...files, '--dataset', dir, '--json').stdout);
    const csv = cli('compare', ...files, '--dataset', dir, '--csv')
      .stdout.trim()
      .split('\n');
    assert.equal(csv[0], 'subtask,file,score,lo,hi,n,of,unparsed,Δ,Δ lo,Δ hi,paired n,p,sig');
    const edv = csv.filter((l) => l.startsWith('EDv,'));
    assert.equal(edv[0].split(',')[2], formatScore(doc.sets[0].subtasks.ed_v.score));
    assert.equal(edv[1].split(',')[8].replace('+', ''), formatScore(doc.deltas[0].subtasks.ed_v.delta));
    const listed = JSON.parse(cli('compare', ...files, '--dataset', dir, '--json', '--disagreements', 'TDS-E').stdout).disagreements[0];
    assert.equal(listed.subtask, 'tds_easy');
    assert.equal(listed.common, 6);
    assert.equal(listed.items.length, listed.counts['baseline-right'] + listed.counts['other-right'] + listed.counts['both-wrong']);
    const md = cli('compare', ...files, '--dataset', dir, '--markdown').stdout;
    assert.ok(md.includes(`| EDv | ${doc.sets[0].label} | ${formatScore(doc.sets[0].subtasks.ed_v.score)} |`));
    assert.match(
      cli('compare', ...files, '--dataset', dir).stdout,
      /paired sign-flip permutation test, 2000 flips[\s\S]*lacks 0 of the dataset/,
    );
  });

  it("scoreboard: the files, the simulated random baseline and the paper's rows, filtered by group", () => {
    const all = JSON.parse(cli('scoreboard', result('noisy-oracle'), '--dataset', dir, '--json').stdout);
    assert.equal(all.rows.length, 1 + 1 + PAPER_TABLE1.length);
    assert.equal(all.rows[1].source, 'simulated');
    assert.deepEqual(
      all.rows.map((r: { questions: { of: number } }) => r.questions.of).slice(0, 3),
      [72, 72, 2762],
      'coverage beside every row',
    );
    assert.equal(all.rows.find((r: { source: string }) => r.source === 'human').questions.of, 240);
    assert.equal(all.randomBaseline.draws, 200);
    const embodied = cli('scoreboard', '--dataset', dir, '--groups', 'embodied,random', '--markdown');
    assert.equal(embodied.code, 0, embodied.stderr);
    assert.match(embodied.stdout, /\| this dataset \| Random guessing \(simulated, 200 draws\) \|/);
    assert.match(embodied.stdout, /Robix-32B[\s\S]*\| paper: random guessing \| Random Guessing \|.*\| 20\.01 \|/);
    assert.match(embodied.stdout, /20\.01\) was measured on the full 2,762 questions/);
    assert.doesNotMatch(embodied.stdout, /GPT-5/);
  });

  it('summary --latex and --csv; usage errors exit 2', () => {
    const latex = cli('summary', result('noisy-oracle'), result('random'), '--dataset', dir, '--latex');
    assert.equal(latex.code, 0, latex.stderr);
    assert.match(latex.stdout, /\\toprule\n & EDv & EDistv/);
    assert.equal(cli('summary', result('random'), '--dataset', dir, '--csv').stdout.trim().split('\n').length, 2);
    assert.equal(cli('compare', result('random'), '--dataset', dir).code, 2);
    const empty = path.join(dir, 'empty.jsonl');
    writeFileSync(empty, 'not json\n');
    const partial = cli('compare', result('random'), result('noisy-oracle'), empty, '--dataset', dir);
    assert.equal(partial.code, 1, 'a skipped line');
    assert.match(partial.stderr, /empty\.jsonl: warning: no scorable line: left out of the comparison/);
    assert.equal(cli('compare', result('random'), result('random'), '--dataset', dir, '--latex').code, 2);
    assert.equal(cli('summary', result('random'), '--dataset', dir, '--csv', '--markdown').code, 2);
    assert.equal(cli('compare', result('random'), result('noisy-oracle'), '--dataset', dir, '--seed', 'x').code, 2);
    assert.equal(cli('compare', result('random'), result('noisy-oracle'), '--dataset', dir, '--disagreements', 'XYZ').code, 2);
    assert.equal(cli('compare', result('random'), result('noisy-oracle'), '--dataset', dir, '--baseline', 'nope.jsonl').code, 2);
  });
});
