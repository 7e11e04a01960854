// gst-bench compare, scoreboard, and the export formats of summary. The dispatch and option parsing stay in
// src/cli.ts; this module does the work on an already loaded dataset.
import * as path from 'node:path';
import { PredictionMemos } from '../shared/parsing/repeatedPredictions';
import { describeFsError } from '../core/dataset/safeRead';
import { CliError, CliUsageError } from './errors';
import {
  CAUTION_MARK,
  PAPER_SOURCE,
  SIGNIFICANT_MARK,
  RANDOM_BASELINE_NOTE,
  REFERENCE_GROUPS,
  baselineIndexOf,
  compareReport,
  compareSets,
  compareTableModel,
  coverageNotes,
  datasetSubtaskCounts,
  disagreementCounts,
  disagreementTableModel,
  disagreements,
  formatProblem,
  loadResultFileOfAnyFormat,
  mapInOrder,
  renderTable,
  runGroupTableModel,
  scoreTableModel,
  scoreboardRows,
  renderScoreboard,
  settingTableModel,
  simulateRandomBaseline,
  subtaskByName,
  type Dataset,
  type EvaluateOptions,
  type Evaluation,
  type FormatOptions,
  type LoadedResultFile,
  type Problem,
  type ReferenceGroup,
  type SubtaskKey,
  type TableFormat,
  type TableModel,
} from '../core';

export interface ReportOptions extends EvaluateOptions {
  /** How result files of other formats are read and joined (the format flags). */
  formats?: FormatOptions;
  seed?: number;
  /** text, markdown, csv or latex; json prints one JSON document. */
  format: TableFormat | 'json';
  /** Where paths are printed relative to. */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The one export flag given (--markdown, --csv, --latex, --json), or `text`; two at once are a usage error. */
export function reportFormat(values: Record<string, unknown>, allowed: readonly (TableFormat | 'json')[]): TableFormat | 'json' {
  const given = (['json', 'markdown', 'csv', 'latex'] as const).filter((f) => values[f] === true);
  const refused = given.find((f) => !allowed.includes(f));
  if (refused) throw new CliUsageError(`--${refused} is not an output format of this command`);
  if (given.length > 1) throw new CliUsageError(`choose one of ${given.map((f) => `--${f}`).join(', ')}`);
  return given[0] ?? 'text';
}

export function parseSeed(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d{1,15}$/.test(v)) throw new CliUsageError(`--seed must be a non-negative integer, not "${v}"`);
  return Number(v);
}

const relative = (o: ReportOptions, p: string) => path.relative(o.cwd, p) || '.';
const relProblems = (o: ReportOptions, ps: readonly Problem[]) => ps.map((p) => ({ ...p, file: relative(o, p.file) }));

function printProblems(o: ReportOptions, problems: readonly Problem[]) {
  for (const p of relProblems(o, problems)) o.err(formatProblem(p));
}

/** Each file loaded, with its format loss (lenient minus strict per subtask, as the Compare panel shows it) when
 * `formatLoss` is set: both readers' scores are taken in the one read. */
async function loadAll(dataset: Dataset, files: readonly string[], o: ReportOptions, formatLoss: boolean): Promise<LoadedResultFile[]> {
  const predictionMemos = new PredictionMemos();
  // Two files at a time: one's lines are scored while the other waits for the disk.
  return mapInOrder(files, async (file) => {
    try {
      return await loadResultFileOfAnyFormat(dataset, file, { ...o.formats, profile: o.profile, formatLoss, predictionMemos });
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${describeFsError(e)}`);
    }
  });
}

function section(format: TableFormat, title: string, table: TableModel, notes: string[] = []): string {
  const body = renderTable(table, format);
  const lines = format === 'markdown' ? notes.map((n) => `- ${n}`) : notes;
  return [format === 'markdown' ? `## ${title}` : `${title}:`, '', body, ...(lines.length ? ['', ...lines] : [])].join('\n');
}

/** `compare`: the subtask table of several files with deltas, intervals and p-values against a baseline. */
export async function runCompare(
  dataset: Dataset,
  files: readonly string[],
  baseline: string | undefined,
  o: ReportOptions & { disagreements?: string },
): Promise<number> {
  if (files.length < 2) throw new CliUsageError('compare takes at least two result files');
  let listed: SubtaskKey | undefined;
  if (o.disagreements !== undefined) {
    listed = subtaskByName(o.disagreements);
    if (!listed)
      throw new CliUsageError(`--disagreements takes a subtask key or abbreviation (e.g. ed_v or EDv), not "${o.disagreements}"`);
  }
  const loaded = await loadAll(dataset, files, o, o.format === 'json');
  // Ids and paths relative to the working directory, as everywhere in the CLI's output.
  const sets = loaded
    .flatMap((l) => l.sets)
    .map((s) => ({ ...s, file: relative(o, s.file), id: relative(o, s.file) + s.id.slice(s.file.length) }));
  if (sets.length < 2) throw new CliUsageError('fewer than two of the files have a scorable line');
  let b = 0;
  if (baseline !== undefined) {
    const want = path.resolve(o.cwd, baseline);
    b = baselineIndexOf(sets, (s) => path.resolve(o.cwd, s.file) === want);
    if (b < 0) b = sets.findIndex((s) => s.label === baseline);
    if (b < 0) throw new CliUsageError(`--baseline ${baseline} is not one of the compared files`);
  }
  const {
    comparison: c,
    runGroups: groups,
    settings,
  } = compareReport(sets, { baseline: b, seed: o.seed, datasetCounts: datasetSubtaskCounts(dataset) });
  const problems = loaded.flatMap((l) => l.problems);
  for (const l of loaded)
    if (l.sets.length === 0) problems.push({ file: l.file, severity: 'warning', message: 'no scorable line: left out of the comparison' });
  const others = sets.filter((_, i) => i !== b);
  const lists = listed ? others.map((other) => ({ other, list: disagreements(sets[b], other, listed!) })) : [];
  if (o.format === 'json') {
    o.out(
      JSON.stringify(
        {
          ...c,
          runGroups: groups,
          settings,
          ...(listed ? { disagreements: lists.map(({ other, list }) => ({ baseline: sets[b].id, other: other.id, ...list })) } : {}),
          files: loaded.map((l) => ({
            file: relative(o, l.file),
            lines: l.lines,
            scored: l.scored,
            skipped: l.skipped,
            formatLoss: l.formatLoss ?? null,
          })),
          problems: relProblems(o, problems),
        },
        null,
        2,
      ),
    );
  } else {
    const base = c.sets.find((s) => s.id === c.baseline)!;
    const method = [
      `Δ = file − baseline (${base.label}) on the questions both answered; sig ${SIGNIFICANT_MARK} = its 95 % interval excludes 0; ${SIGNIFICANT_MARK}${CAUTION_MARK} = it does but p >= 0.05 (few questions: the bootstrap interval is too narrow, trust p).`,
      `Intervals: percentile bootstrap over questions, ${c.resamples} resamples (the Avg. resampled within each subtask); p: paired sign-flip permutation test, ${c.permutations} flips, (1 + #extreme) / (flips + 1); seed ${c.seed}. See docs/STATISTICS.md.`,
      ...coverageNotes(c),
    ];
    const parts = [section(o.format, 'Compare', compareTableModel(c), o.format === 'csv' ? [] : method)];
    // CSV holds one table: the groupings are in the other formats.
    if (o.format !== 'csv') {
      if (groups.length > 0) parts.push(section(o.format, 'Repeated runs (mean and spread across runs)', runGroupTableModel(groups)));
      if (settings.length > 0)
        parts.push(section(o.format, "Local control (deltas against global; the paper's numbers beside)", settingTableModel(settings)));
      for (const { other, list } of lists) {
        const title = `Disagreements on ${list.subtask}, ${other.label} against ${sets[b].label} (${list.common} questions both answered)`;
        parts.push(
          section(
            o.format,
            title,
            disagreementTableModel(list, sets[b].label, other.label),
            disagreementCounts(list, sets[b].label, other.label),
          ),
        );
      }
    }
    o.out(o.format === 'csv' ? renderTable(compareTableModel(c), 'csv') : parts.join('\n\n'));
    printProblems(o, problems);
  }
  return loaded.some((l) => l.skipped > 0) ? 1 : 0;
}

/** `summary --markdown|--csv|--latex`: the one-row-per-file subtask table in that format. */
export function summaryExport(
  evals: ReadonlyArray<Pick<Evaluation, 'model' | 'template' | 'file' | 'subtasks' | 'overall'>>,
  format: TableFormat,
): string {
  return renderTable(
    scoreTableModel(
      evals.map((e) => ({
        label: [e.model, e.template].filter(Boolean).join(' / ') || path.basename(e.file),
        subtasks: e.subtasks,
        overall: e.overall,
      })),
    ),
    format,
  );
}

export function parseGroups(v: string | undefined): ReferenceGroup[] | undefined {
  if (v === undefined) return undefined;
  const known = new Map(REFERENCE_GROUPS.map((g) => [g.key, g.key]));
  return v.split(',').map((g) => {
    const k = known.get(g.trim() as ReferenceGroup);
    if (!k) throw new CliUsageError(`unknown group "${g}" (use ${REFERENCE_GROUPS.map((x) => x.key).join(', ')})`);
    return k;
  });
}

/** `scoreboard`: the files beside the simulated random baseline on this dataset and the paper's Table 1. */
export async function runScoreboard(
  dataset: Dataset,
  files: readonly string[],
  groups: ReferenceGroup[] | undefined,
  o: ReportOptions,
): Promise<number> {
  const loaded = await loadAll(dataset, files, o, false);
  const sets = loaded.flatMap((l) => l.sets);
  const scores = sets.length > 0 ? compareSets(sets, { seed: o.seed, datasetCounts: datasetSubtaskCounts(dataset) }).sets : [];
  const random = simulateRandomBaseline(dataset.questions, { profile: o.profile, seed: o.seed });
  const rows = scoreboardRows(scores, { groups, random });
  if (o.format === 'json') {
    o.out(
      JSON.stringify(
        {
          source: PAPER_SOURCE,
          randomBaseline: random,
          randomBaselineNote: RANDOM_BASELINE_NOTE,
          rows,
          problems: relProblems(
            o,
            loaded.flatMap((l) => l.problems),
          ),
        },
        null,
        2,
      ),
    );
  } else {
    o.out(renderScoreboard(rows, random, o.format));
    printProblems(
      o,
      loaded.flatMap((l) => l.problems),
    );
  }
  return loaded.some((l) => l.skipped > 0) ? 1 : 0;
}
