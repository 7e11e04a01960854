// Entry of the extension-host suite: bundled by scripts/build.mjs to dist/test/suite/index.js and
// loaded by VS Code through --extensionTestsPath (both runners call the exported run()).
// Test files export a function that declares their mocha suites; it is called after mocha has
// installed its BDD globals, because the bundle evaluates every module up front.
import { appendFileSync, writeFileSync } from 'node:fs';
import { activationTests } from './activation.test';
import { auditTests } from './audit.test';
import { answerReadingTests } from './answerReading.test';
import { commandsTests } from './commands.test';
import { compareTests } from './compare.test';
import { diagnosticsTests } from './diagnostics.test';
import { diagnosisTests } from './diagnosis.test';
import { filterTests } from './filters.test';
import { humanBaselineTests } from './humanBaseline.test';
import { loadingTests } from './loading.test';
import { formatTests } from './formats.test';
import { suiteReportFile } from './helpers';
import { rescoreTests } from './rescore.test';
import { scoreboardTests } from './scoreboard.test';
import { targetFramesTests } from './targetFrames.test';
import { resultTests } from './results.test';
import { treeTests } from './tree.test';

// mocha 12's package entry is ESM; its CommonJS build is loaded from the repo's node_modules at run time
// (the `mocha` package is external in the bundle).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Mocha: typeof import('mocha') = require('mocha/lib/mocha.cjs');

const TEST_TIMEOUT_MS = 60_000;

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: TEST_TIMEOUT_MS,
    reporter: ReportToFile as unknown as Mocha.ReporterConstructor,
    color: false,
  });
  // GST_SUITE_GREP=<text> runs only the tests whose full title contains it (the server passes its environment on).
  if (process.env.GST_SUITE_GREP) mocha.grep(process.env.GST_SUITE_GREP);
  mocha.suite.emit('pre-require', globalThis, 'gst-bench-suite', mocha);
  activationTests();
  commandsTests();
  treeTests();
  resultTests();
  filterTests();
  answerReadingTests();
  rescoreTests();
  diagnosticsTests();
  auditTests();
  humanBaselineTests();
  formatTests();
  compareTests();
  scoreboardTests();
  diagnosisTests();
  targetFramesTests();
  loadingTests();
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} extension-host test(s) failed`)) : resolve()));
  });
}

/**
 * Prints like mocha's spec reporter and also appends each line to a report file beside the workspace,
 * which the runner prints: the extension host's console is not visible from every runner.
 */
class ReportToFile {
  constructor(runner: Mocha.Runner) {
    const file = suiteReportFile();
    writeFileSync(file, '');
    const out = (line: string) => {
      console.log(line);
      appendFileSync(file, line + '\n');
    };
    const failures: Array<{ title: string; err: Error }> = [];
    let depth = 0;
    let passes = 0;
    let pending = 0;
    const started = Date.now();
    runner.on('suite', (s: Mocha.Suite) => {
      if (s.title) out(`${'  '.repeat(depth)}${s.title}`);
      depth++;
    });
    runner.on('suite end', () => depth--);
    runner.on('pass', (t: Mocha.Test) => {
      passes++;
      out(`${'  '.repeat(depth)}✔ ${t.title} (${t.duration ?? 0} ms)`);
    });
    runner.on('pending', (t: Mocha.Test) => {
      pending++;
      out(`${'  '.repeat(depth)}- ${t.title} (skipped)`);
    });
    runner.on('fail', (t: Mocha.Runnable, err: Error) => {
      failures.push({ title: t.fullTitle(), err });
      out(`${'  '.repeat(depth)}✘ ${t.title}`);
    });
    runner.once('end', () => {
      out(`\n${passes} passing, ${failures.length} failing, ${pending} pending (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      failures.forEach((f, i) => out(`\n${i + 1}) ${f.title}\n   ${(f.err.stack ?? f.err.message).split('\n').slice(0, 8).join('\n   ')}`));
    });
  }
}
