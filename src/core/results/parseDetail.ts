// The parse's rule, read steps and ambiguity, added to `score_detail` on rescore, and its hand-written JSON
// (the rescore's fast path writes it without JSON.stringify; both must give the same text).
import type { ParseOutcome } from '../../shared/parsing/answerParser';
import type { Ambiguity, ParseRule, ReadStep } from '../../shared/parsing/readers';
import type { ScoreDetail } from '../../shared/scoring/scorer';

/** `score_detail` as written: the score's detail plus how the answer was read; only the ambiguity when unparsed. */
export type ScoreDetailJson =
  (ScoreDetail & { rule?: ParseRule; read?: ReadStep[]; ambiguous?: Ambiguity }) | { ambiguous: Ambiguity } | null;

export function scoreDetailJson(detail: ScoreDetail | null, parse: ParseOutcome): ScoreDetailJson {
  if (!detail) return parse.ambiguous ? { ambiguous: parse.ambiguous } : null;
  // Keys in this order: the order the fast writer below uses. Built field by field: a spread costs a helper call
  // per line in the bundled code.
  const out: ScoreDetail & { rule?: ParseRule; read?: ReadStep[]; ambiguous?: Ambiguity } =
    detail.error === undefined ? { passed: detail.passed, of: detail.of } : { error: detail.error, passed: detail.passed, of: detail.of };
  if (parse.rule) out.rule = parse.rule;
  if (parse.read && parse.read.length > 0) out.read = parse.read;
  if (parse.ambiguous) out.ambiguous = parse.ambiguous;
  return out;
}

/** What JSON.stringify (compact) or the spaced writer gives for `d`, written directly. */
export function scoreDetailText(d: ScoreDetailJson, colon: string, sep: string, numberJson: (v: number) => string): string {
  if (d === null) return 'null';
  if (!('passed' in d)) return `{"ambiguous"${colon}${JSON.stringify(d.ambiguous)}}`;
  let s = `{${d.error === undefined ? '' : `"error"${colon}${numberJson(d.error)}${sep}`}"passed"${colon}${numberJson(d.passed)}${sep}"of"${colon}${numberJson(d.of)}`;
  if (d.rule !== undefined) s += `${sep}"rule"${colon}"${d.rule}"`;
  if (d.read !== undefined) s += `${sep}"read"${colon}[${d.read.map((r) => `"${r}"`).join(sep)}]`;
  if (d.ambiguous !== undefined) s += `${sep}"ambiguous"${colon}"${d.ambiguous}"`;
  return `${s}}`;
}
