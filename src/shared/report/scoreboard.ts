// The scoreboard: loaded result files beside the simulated random baseline and the paper's Table 1 rows.
import { PAPER_SOURCE, PAPER_TABLE1, REFERENCE_GROUPS, paperRowQuestions, type ReferenceGroup } from '../reference/paper';
import type { Interval } from '../stats/bootstrap';
import type { SetScores } from '../stats/compare';
import { RANDOM_BASELINE_NOTE, type RandomBaseline } from '../stats/randomBaseline';
import { SUBTASKS, type SubtaskKey } from '../subtasks';
import { renderTable, type TableFormat, type TableModel } from './export';
import { formatScore } from '../format';

export type ScoreboardSource = 'loaded' | 'simulated' | ReferenceGroup;

export interface ScoreboardRow {
  source: ScoreboardSource;
  label: string;
  subtasks: Partial<Record<SubtaskKey, { score: number; ci?: Interval }>>;
  overall: { score: number; ci?: Interval } | null;
  /** Questions behind the row: answered, and of how many (coverage). */
  questions: { answered: number; of: number };
}

export interface ScoreboardOptions {
  /** Which of the paper's groups to show (default: all). */
  groups?: readonly ReferenceGroup[];
  random?: RandomBaseline | null;
}

/** Rows in display order: the loaded files, the simulated random baseline, then the paper's rows by group. */
export function scoreboardRows(sets: readonly SetScores[], options: ScoreboardOptions = {}): ScoreboardRow[] {
  const rows: ScoreboardRow[] = sets.map((s) => ({
    source: 'loaded',
    label: s.label,
    subtasks: Object.fromEntries(Object.entries(s.subtasks).map(([k, a]) => [k, { score: a!.score, ci: a!.ci }])),
    overall: s.overall,
    questions: { answered: s.answered, of: s.answered + s.missingFromDataset },
  }));
  const r = options.random;
  if (r) {
    const guessed = Object.values(r.subtasks).reduce((a, x) => a + x!.n, 0);
    rows.push({
      source: 'simulated',
      label: `Random guessing (simulated, ${r.draws} draws)`,
      subtasks: Object.fromEntries(Object.entries(r.subtasks).map(([k, a]) => [k, { score: a!.mean, ci: a!.ci }])),
      overall: r.overall && { score: r.overall.mean, ci: r.overall.ci },
      questions: { answered: guessed, of: guessed },
    });
  }
  const groups = new Set(options.groups ?? REFERENCE_GROUPS.map((g) => g.key));
  for (const g of REFERENCE_GROUPS) {
    if (!groups.has(g.key)) continue;
    for (const p of PAPER_TABLE1.filter((row) => row.group === g.key)) {
      rows.push({
        source: g.key,
        label: p.model,
        subtasks: Object.fromEntries(SUBTASKS.map((s) => [s.key, { score: p.subtasks[s.key] }])),
        overall: { score: p.avg },
        questions: { answered: paperRowQuestions(p), of: paperRowQuestions(p) },
      });
    }
  }
  return rows;
}

const SOURCE_NAMES: Record<ScoreboardSource, string> = {
  loaded: 'this dataset',
  simulated: 'this dataset',
  ...(Object.fromEntries(REFERENCE_GROUPS.map((g) => [g.key, `paper: ${g.name.toLowerCase()}`])) as Record<ReferenceGroup, string>),
};

export function scoreboardTableModel(rows: readonly ScoreboardRow[]): TableModel {
  return {
    header: ['source', 'row', 'questions', ...SUBTASKS.map((s) => s.abbreviation), 'Avg.', 'Avg. lo', 'Avg. hi'],
    rows: rows.map((r) => [
      SOURCE_NAMES[r.source],
      r.label,
      r.questions.answered === r.questions.of ? String(r.questions.of) : `${r.questions.answered}/${r.questions.of}`,
      ...SUBTASKS.map((s) => formatScore(r.subtasks[s.key]?.score)),
      formatScore(r.overall?.score),
      r.overall?.ci ? formatScore(r.overall.ci.lo) : '',
      r.overall?.ci ? formatScore(r.overall.ci.hi) : '',
    ]),
    textColumns: 2,
  };
}

/** Which of the paper's rows a scoreboard shows; the loaded files and the simulated baseline always show. */
export interface ScoreboardDisplay {
  showReference: boolean;
  groups: ReferenceGroup[];
}

export const DEFAULT_SCOREBOARD_DISPLAY: ScoreboardDisplay = { showReference: true, groups: REFERENCE_GROUPS.map((g) => g.key) };

/** The rows a display shows, in their order. */
export function visibleScoreboardRows(rows: readonly ScoreboardRow[], display: ScoreboardDisplay): ScoreboardRow[] {
  const groups = new Set<ScoreboardSource>(display.showReference ? display.groups : []);
  return rows.filter((r) => r.source === 'loaded' || r.source === 'simulated' || groups.has(r.source));
}

/** The notes printed under the table: how the baseline was simulated, why it differs from the paper's, the source. */
export function scoreboardNotes(random: RandomBaseline): string[] {
  const range = random.distanceRange
    ? `; distances guessed over ${formatScore(random.distanceRange[0])}-${formatScore(random.distanceRange[1])} m`
    : '';
  return [
    `Simulated random baseline: ${random.draws} guessers, seed ${random.seed}${range}; its Avg. interval is the middle 95 % of the guessers' Avg.`,
    RANDOM_BASELINE_NOTE,
    `Paper rows: ${PAPER_SOURCE}.`,
  ];
}

/**
 * The scoreboard as `gst-bench scoreboard` prints it and the panel exports it: the table, and in text and
 * Markdown the notes under it (CSV and LaTeX hold the table alone, to paste as it is).
 */
export function renderScoreboard(rows: readonly ScoreboardRow[], random: RandomBaseline, format: TableFormat): string {
  const table = renderTable(scoreboardTableModel(rows), format);
  if (format === 'csv' || format === 'latex') return table;
  return [table, '', ...scoreboardNotes(random).map((n) => (format === 'markdown' ? `- ${n}` : n))].join('\n');
}
