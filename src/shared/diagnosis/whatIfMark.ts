// One question's what-if as the viewer draws it: the engine's corrected prediction (QuestionDiagnosis.corrected),
// read back into a parsed value, scored by the real scorer, and named in a few words for the overlay's label.
import { decimalFromNumber } from '../scoring/decimal';
import { scoreParsed } from '../scoring/scorer';
import type { ScoringProfile } from '../scoring/profiles';
import { formatQuestionScore } from '../format';
import type { ParsedJson, ParsedValue } from '../parsing/parsedValue';
import type { DiagnosisClass, QuestionDiagnosis, SubtaskDiagnosis } from './diagnose';

export interface WhatIfMark {
  cls: DiagnosisClass;
  /** What the correction did, in a few words: "sign flipped", "rotated +35°", "unit: ÷100". */
  phrase: string;
  corrected: ParsedValue;
  /** The corrected prediction's score, in [0, 1]. */
  score: number;
  /** The prediction's own score. */
  before: number;
  /** "what-if: sign flipped → score 1.00". */
  label: string;
}

/**
 * The corrected value in the truth's kind. The JSON number is the shortest form of the engine's exact decimal, so
 * reading it back gives the same value and the same score.
 */
export function parsedFromJson(kindOf: ParsedValue, json: ParsedJson): ParsedValue | undefined {
  if (json === null) return undefined;
  if ((kindOf.kind === 'angle' || kindOf.kind === 'distance') && typeof json === 'number' && Number.isFinite(json))
    return { kind: kindOf.kind, value: json, exact: decimalFromNumber(json) };
  if (kindOf.kind === 'point' && Array.isArray(json) && json.every(Number.isFinite)) {
    const [x, y] = json;
    return { kind: 'point', x, y, exactX: decimalFromNumber(x), exactY: decimalFromNumber(y) };
  }
  if (kindOf.kind === 'choice' && typeof json === 'string') return { kind: 'choice', letter: json };
  return undefined;
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;

function phraseOf(cls: DiagnosisClass, parsed: ParsedValue | null, corrected: ParsedValue, subtask?: SubtaskDiagnosis): string {
  switch (cls) {
    case 'sign_flip':
      return 'sign flipped';
    case 'front_back_flip':
      return 'turned 180°';
    case 'rotation':
      return subtask?.rotation ? `rotated ${signed(subtask.rotation.degrees)}°` : 'rotated';
    case 'unit_slip': {
      if (parsed?.kind !== 'distance' || corrected.kind !== 'distance' || corrected.value === 0) return 'unit converted';
      const k = Math.round(Math.log10(parsed.value / corrected.value));
      return k > 0 ? `unit: ÷${10 ** k}` : `unit: ×${10 ** -k}`;
    }
    case 'distance_bias':
      return subtask?.bias ? `bias removed (÷${subtask.bias.medianRatio.toFixed(2)})` : 'bias removed';
    case 'normalized_coordinates':
      return '[0, 1] ×999';
    case 'pixel_coordinates':
      return 'pixels → map units';
    case 'axes_swapped':
      return 'x, y swapped';
    case 'y_flipped':
      return 'y flipped';
    default:
      return 'corrected';
  }
}

/** The what-if of one question, or undefined when its class has no correction (a far-off answer, a wrong letter). */
export function whatIfMark(
  truth: ParsedValue,
  parsed: ParsedValue | null,
  diagnosis: QuestionDiagnosis | undefined,
  subtask: SubtaskDiagnosis | undefined,
  profile: ScoringProfile,
): WhatIfMark | undefined {
  if (!diagnosis?.cls || diagnosis.corrected === undefined) return undefined;
  const corrected = parsedFromJson(truth, diagnosis.corrected);
  if (!corrected) return undefined;
  const score = scoreParsed(truth, corrected, profile).score;
  const phrase = phraseOf(diagnosis.cls, parsed, corrected, subtask);
  return {
    cls: diagnosis.cls,
    phrase,
    corrected,
    score,
    before: scoreParsed(truth, parsed, profile).score,
    label: `what-if: ${phrase} → score ${formatQuestionScore(score)}`,
  };
}
