// The compare report as tables (one row per subtask and result set), for every export format.
import type { Comparison, DeltaStat, SetScores } from '../stats/compare';
import type { DisagreementKind, DisagreementList } from '../stats/disagreements';
import type { RunGroup, SettingComparison } from '../stats/groups';
import { SUBTASKS, type SubtaskKey } from '../subtasks';
import type { TableModel } from './export';
import { formatScore } from '../format';

/** A delta with its sign: "+1.25", "-0.50", "0.00". */
export function formatDelta(delta: number | null | undefined): string {
  const s = formatScore(delta);
  return delta !== null && delta !== undefined && delta > 0 && s !== '0.00' ? `+${s}` : s;
}

/** Three decimals; below the smallest Monte Carlo p the table can resolve, "<0.001". */
export function formatPValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return '—';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

/** The mark of a delta whose 95 % interval excludes 0. */
export const SIGNIFICANT_MARK = '*';
/** Added when the interval excludes 0 but the paired p-value does not agree (few questions). */
export const CAUTION_MARK = '?';

export const COMPARE_COLUMNS = ['subtask', 'file', 'score', 'lo', 'hi', 'n', 'of', 'unparsed', 'Δ', 'Δ lo', 'Δ hi', 'paired n', 'p', 'sig'];

function deltaCells(d: DeltaStat | null | undefined): string[] {
  if (!d) return ['', '', '', '', '', ''];
  return [
    formatDelta(d.delta),
    formatDelta(d.ci.lo),
    formatDelta(d.ci.hi),
    String(d.n),
    formatPValue(d.p),
    (d.significant ? SIGNIFICANT_MARK : '') + (d.caution ? CAUTION_MARK : ''),
  ];
}

function unparsedTotal(s: SetScores): number {
  return Object.values(s.subtasks).reduce((a, x) => a + x!.unparsed, 0);
}

/** One row per subtask (the paper's order) and result set, then the Avg. rows; deltas against the baseline. */
export function compareTableModel(c: Comparison): TableModel {
  const deltaOf = new Map(c.deltas.map((d) => [d.other, d]));
  const rows: string[][] = [];
  for (const info of SUBTASKS) {
    for (const s of c.sets) {
      const a = s.subtasks[info.key];
      if (!a) continue;
      rows.push([
        info.abbreviation,
        s.label,
        formatScore(a.score),
        formatScore(a.ci.lo),
        formatScore(a.ci.hi),
        String(a.n),
        String(a.of),
        String(a.unparsed),
        ...deltaCells(deltaOf.get(s.id)?.subtasks[info.key]),
      ]);
    }
  }
  for (const s of c.sets) {
    if (!s.overall) continue;
    const of = Object.values(s.subtasks).reduce((x, a) => x + a!.of, 0);
    rows.push([
      'Avg.',
      s.label,
      formatScore(s.overall.score),
      formatScore(s.overall.ci.lo),
      formatScore(s.overall.ci.hi),
      String(s.answered),
      String(of),
      String(unparsedTotal(s)),
      ...deltaCells(deltaOf.get(s.id)?.overall),
    ]);
  }
  return { header: COMPARE_COLUMNS, rows, textColumns: 2 };
}

/** Lines saying which questions each set lacks; the deltas use only questions both sides answered. */
export function coverageNotes(c: Comparison): string[] {
  const base = c.sets.find((s) => s.id === c.baseline)!;
  const lines = c.sets.map(
    (s) =>
      `${s.label}: ${s.answered} questions answered; lacks ${s.missingFromDataset} of the dataset and ${s.missingFromUnion} that another compared file answered`,
  );
  for (const d of c.deltas) {
    if (d.onlyBaseline === 0 && d.onlyOther === 0) continue;
    const other = c.sets.find((s) => s.id === d.other)!;
    lines.push(
      `${other.label} vs ${base.label}: compared on the questions both answered (${d.onlyBaseline} only in ${base.label}, ${d.onlyOther} only in ${other.label} left out)`,
    );
  }
  return lines;
}

const describe = (g: { model?: string; template?: string; setting?: string; run?: string }) =>
  [g.model, g.template, g.setting, g.run].filter(Boolean).join(' / ');

/** Mean and spread across repeated runs, one row per group and subtask. */
export function runGroupTableModel(groups: readonly RunGroup[]): TableModel {
  const rows: string[][] = [];
  for (const g of groups) {
    const line = (label: string, s: RunGroup['overall']) =>
      s && rows.push([describe(g), label, String(s.runs), formatScore(s.mean), formatScore(s.sd), formatScore(s.min), formatScore(s.max)]);
    for (const info of SUBTASKS) line(info.abbreviation, g.subtasks[info.key] ?? null);
    line('Avg.', g.overall);
  }
  return { header: ['runs of', 'subtask', 'runs', 'mean', 'sd', 'min', 'max'], rows, textColumns: 2 };
}

/** Deltas of each local-control setting against global, beside the paper's numbers for that model. */
export function settingTableModel(comparisons: readonly SettingComparison[]): TableModel {
  const rows: string[][] = [];
  for (const s of comparisons) {
    const keys: (SubtaskKey | 'avg')[] = [...SUBTASKS.map((i) => i.key).filter((k) => s.delta.subtasks[k]), 'avg'];
    for (const k of keys) {
      const d = k === 'avg' ? s.delta.overall : s.delta.subtasks[k];
      if (!d) continue;
      const paper = k === 'avg' ? undefined : s.paper[k];
      const label = k === 'avg' ? 'Avg.' : SUBTASKS.find((i) => i.key === k)!.abbreviation;
      rows.push([
        describe({ model: s.model, template: s.template, run: s.run }),
        `${s.setting} − global`,
        label,
        ...deltaCells(d).filter((_, i) => i !== 3),
        s.delta.paired ? 'paired' : 'unpaired',
        formatScore(paper?.global),
        formatScore(paper?.local),
        formatDelta(paper?.delta),
      ]);
    }
  }
  return {
    header: ['model', 'setting', 'subtask', 'Δ', 'Δ lo', 'Δ hi', 'p', 'sig', 'test', 'paper global', 'paper local', 'paper Δ'],
    rows,
    textColumns: 3,
  };
}

const DISAGREEMENT_GROUPS: Record<DisagreementKind, (base: string, other: string) => string> = {
  'baseline-right': (b, o) => `${b} right / ${o} wrong`,
  'other-right': (b, o) => `${b} wrong / ${o} right`,
  'both-wrong': () => 'both wrong, different answers',
};

/** The group heading of a kind of disagreement, e.g. "A right / B wrong". */
export function disagreementGroupLabel(kind: DisagreementKind, baseLabel: string, otherLabel: string): string {
  return DISAGREEMENT_GROUPS[kind](baseLabel, otherLabel);
}

/** The group headings with their counts, e.g. "A right / B wrong: 12". */
export function disagreementCounts(list: DisagreementList, baseLabel: string, otherLabel: string): string[] {
  return (Object.keys(DISAGREEMENT_GROUPS) as DisagreementKind[]).map(
    (k) => `${DISAGREEMENT_GROUPS[k](baseLabel, otherLabel)}: ${list.counts[k]}`,
  );
}

/** One row per disagreeing question, grouped, largest score difference first; scores in points (x 100). */
export function disagreementTableModel(list: DisagreementList, baseLabel: string, otherLabel: string): TableModel {
  const rows: string[][] = [];
  for (const kind of Object.keys(DISAGREEMENT_GROUPS) as DisagreementKind[]) {
    for (const d of list.items.filter((i) => i.kind === kind)) {
      rows.push([
        DISAGREEMENT_GROUPS[kind](baseLabel, otherLabel),
        d.uid,
        d.baseline.answer ?? '',
        formatScore(100 * d.baseline.score),
        d.other.answer ?? '',
        formatScore(100 * d.other.score),
        formatDelta(100 * d.difference),
      ]);
    }
  }
  return { header: ['group', 'uid', `${baseLabel} answer`, 'score', `${otherLabel} answer`, 'score', 'Δ'], rows, textColumns: 3 };
}
