// The diagnosis in words: plain text for the terminal, Markdown for reports, and the JSON document.
import { formatScore } from '../format';
import { CLASS_LABELS, type ClassSummary, type FileDiagnosis, type SubtaskDiagnosis } from './diagnose';

const percent = (x: number) => `${Math.round(100 * x)} %`;

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Flipping the sign would raise EDs from 22.10 to 47.90 (overall 30.00 -> 32.17)". */
export function whatIfSentence(d: SubtaskDiagnosis, c: ClassSummary, overall: number | null): string {
  const w = c.whatIf;
  if (!w) return '';
  const verb = w.subtask > d.score ? 'raise' : w.subtask < d.score ? 'lower' : 'leave';
  const change =
    verb === 'leave'
      ? `${d.abbreviation} at ${formatScore(d.score)}`
      : `${d.abbreviation} from ${formatScore(d.score)} to ${formatScore(w.subtask)}`;
  return `${capitalised(w.correction)} would ${verb} ${change} (overall ${formatScore(overall)} -> ${formatScore(w.overall)}).`;
}

/** "EDs: 31 % of wrong answers are sign flips (47). Flipping the sign would raise EDs from 22.10 to 47.90 (...)". */
export function classSentence(d: SubtaskDiagnosis, c: ClassSummary, overall: number | null): string {
  const what =
    c.cls === 'target_unseen'
      ? `${percent(c.share)} of wrong answers had the ${CLASS_LABELS[c.cls]}`
      : `${percent(c.share)} of wrong answers are ${CLASS_LABELS[c.cls]}`;
  const extra =
    c.cls === 'rotation' && d.rotation
      ? ` (${d.rotation.degrees > 0 ? '+' : ''}${d.rotation.degrees}°)`
      : c.cls === 'distance_bias' && d.bias
        ? ` (${d.bias.words})`
        : '';
  const chance =
    c.byChance === undefined ? '' : `; ${c.byChance.toFixed(1)} expected by chance${c.beyondChance ? '' : ', so no more than chance'}`;
  return [`${d.abbreviation}: ${what}${extra} (${c.count}${chance}).`, whatIfSentence(d, c, overall)].filter(Boolean).join(' ');
}

/** The findings of one subtask beyond its classes: bias, position bias, formats, visibility. */
export function findingSentences(d: SubtaskDiagnosis): string[] {
  const out: string[] = [];
  if (d.rotation)
    out.push(
      `${d.abbreviation}: the answers are rotated by ${-d.rotation.degrees > 0 ? '+' : ''}${-d.rotation.degrees}°; removing it gains ${formatScore(d.rotation.gain)} points.`,
    );
  if (d.bias)
    out.push(
      `${d.abbreviation}: ${d.bias.words} (median prediction/truth ${d.bias.medianRatio.toFixed(2)} over ${d.bias.answers} answers).`,
    );
  if (d.choice && (d.failed > 0 || d.choice.biased)) out.push(`${d.abbreviation}: ${d.choice.words}.`);
  for (const f of d.formats)
    out.push(`${d.abbreviation}: ${f.count} unparsed: ${f.label}, e.g. ${f.examples.map((e) => JSON.stringify(e.text)).join(', ')}.`);
  if (d.visibility) {
    const v = d.visibility;
    out.push(
      `${d.abbreviation}: with ${v.sampling}, ${v.unseen} of ${v.questions} questions have no sampled frame showing the target (${v.unseenFailed} of them answered wrongly).`,
    );
  }
  return out;
}

/** The confusion matrix as an aligned text table, rows = the answer, columns = the pick. */
export function confusionTable(d: SubtaskDiagnosis): string {
  const c = d.choice;
  if (!c) return '';
  const rows = [['answer \\ picked', ...c.letters], ...c.letters.map((l, i) => [l, ...c.confusion[i].map(String)])];
  const w = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  return rows.map((r) => r.map((cell, j) => (j === 0 ? cell.padEnd(w[j]) : cell.padStart(w[j]))).join('  ')).join('\n');
}

export function diagnosisText(label: string, d: FileDiagnosis): string {
  const lines = [`${label}: overall ${formatScore(d.overall)}`];
  for (const s of d.subtasks) {
    lines.push(`  ${s.abbreviation} ${formatScore(s.score)}: ${s.n} answers, ${s.failed} wrong or partial`);
    for (const c of s.classes) lines.push(`    ${classSentence(s, c, d.overall)}`);
    for (const f of findingSentences(s)) lines.push(`    ${f}`);
    if (s.choice && s.failed > 0)
      lines.push(
        ...confusionTable(s)
          .split('\n')
          .map((l) => `      ${l}`),
      );
  }
  return lines.join('\n');
}

const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function diagnosisMarkdown(label: string, d: FileDiagnosis): string {
  const out = [`## ${cell(label)}`, '', `Overall ${formatScore(d.overall)}.`, ''];
  for (const s of d.subtasks) {
    out.push(`### ${s.abbreviation}: ${formatScore(s.score)} (${s.n} answers, ${s.failed} wrong or partial)`, '');
    if (s.classes.length > 0) {
      out.push('| class | count | by chance | share of wrong | what-if | correction |', '|---|---:|---:|---:|---:|---|');
      for (const c of s.classes) {
        const chance = c.byChance === undefined ? '—' : `${c.byChance.toFixed(1)}${c.beyondChance ? '' : ' (not beyond)'}`;
        out.push(
          `| ${CLASS_LABELS[c.cls]} | ${c.count} | ${chance} | ${percent(c.share)} | ${c.whatIf ? formatScore(c.whatIf.subtask) : '—'} | ${c.whatIf ? cell(c.whatIf.correction) : '—'} |`,
        );
      }
      out.push('');
    }
    for (const f of findingSentences(s)) out.push(`- ${cell(f)}`);
    if (s.choice && s.failed > 0) out.push('', '```', confusionTable(s), '```');
    out.push('');
  }
  return out.join('\n');
}

/** The JSON document of a file's diagnosis (the per-question map as an object). */
export function diagnosisJson(d: FileDiagnosis): unknown {
  return { overall: d.overall, subtasks: d.subtasks, questions: Object.fromEntries(d.byUid) };
}
