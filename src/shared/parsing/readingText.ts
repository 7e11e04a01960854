// How a parse read its value, in words for the viewer and the tree: the rule, the reader, the read steps and the
// ambiguity flag with the rule it follows. The names are docs/PARSING.md's; a unit test holds the two together.
import { isFallbackRule, type Ambiguity, type ParseRule, type ReaderName, type ReadStep } from './readers';

/** The documented rule for each ambiguous case (docs/PARSING.md, "Ambiguous answers"). */
export const AMBIGUITY_RULES: Readonly<Record<Ambiguity, string>> = {
  range: 'the midpoint, exact',
  'several values': 'the first value',
  'clock position': '30° an hour, 12 ahead, left positive',
  'sign and direction disagree': 'the signed number',
  'bounding box': 'its centre',
  'several options': 'unparsed (score 0)',
};

/** Read steps that change the value's scale, said in full so nobody mistakes the rescaled point for what was written. */
const RESCALED: Partial<Record<ReadStep, string>> = {
  'normalised coordinates': 'read as normalised [0, 1] coordinates, rescaled to [0, 999]',
  'percentage coordinates': 'read as percentages of the image, rescaled to [0, 999]',
};

/** The parts of a parse the texts below need (a ParseOutcome, or the viewer's copy of it). */
export interface ReadingFacts {
  reader?: ReaderName;
  rule?: ParseRule;
  read?: readonly ReadStep[];
  ambiguous?: Ambiguity;
}

/** "final-answer phrase (a fallback rule)", "exact format (the prompt's format)"; undefined when nothing was read. */
export function ruleText(rule: ParseRule | undefined): string | undefined {
  if (rule === undefined) return undefined;
  return `${rule} (${isFallbackRule(rule) ? 'a fallback rule' : "the prompt's format"})`;
}

/** "read: direction word, unit converted", and each rescaling step in full; none when the number was read as written. */
export function readStepsText(read: readonly ReadStep[] | undefined): string[] {
  if (!read || read.length === 0) return [];
  const plain = read.filter((s) => !RESCALED[s]);
  const out = plain.length > 0 ? [`read: ${plain.join(', ')}`] : [];
  for (const s of read) if (RESCALED[s]) out.push(RESCALED[s]!);
  return out;
}

/** "ambiguous: range; rule: the midpoint, exact"; undefined when not flagged. */
export function ambiguityText(ambiguous: Ambiguity | undefined): string | undefined {
  return ambiguous ? `ambiguous: ${ambiguous}; rule: ${AMBIGUITY_RULES[ambiguous]}` : undefined;
}

/** Every line the viewer shows beside the highlighted span: the rule and the reader, the read steps, the flag. */
export function readingLines(f: ReadingFacts): string[] {
  const lines: string[] = [];
  const rule = ruleText(f.rule);
  const reader = f.reader ? `${f.reader} reader` : undefined;
  if (rule) lines.push(reader ? `rule: ${rule}, ${reader}` : `rule: ${rule}`);
  else if (reader) lines.push(`${reader}: no rule found a value`);
  lines.push(...readStepsText(f.read));
  const amb = ambiguityText(f.ambiguous);
  if (amb) lines.push(amb);
  return lines;
}
