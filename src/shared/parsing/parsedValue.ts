import type { Decimal } from '../scoring/decimal';

/** A parsed answer or prediction. Decimals keep the numbers as written, for exact scoring. */
export type ParsedValue =
  | { kind: 'angle'; value: number; exact: Decimal }
  | { kind: 'distance'; value: number; exact: Decimal }
  | { kind: 'point'; x: number; y: number; exactX: Decimal; exactY: Decimal }
  | { kind: 'choice'; letter: string };

/** The JSON form written to a result line's `parsed` field: a number, [x, y], a letter, or null. */
export type ParsedJson = number | [number, number] | string | null;

export function parsedToJson(p: ParsedValue | null): ParsedJson {
  if (!p) return null;
  switch (p.kind) {
    case 'angle':
    case 'distance':
      return p.value;
    case 'point':
      return [p.x, p.y];
    case 'choice':
      return p.letter;
  }
}

/** Short human form: "-45°", "3.5 m", "(391, 698)", "C", or "unparsed". */
export function formatParsed(p: ParsedValue | null): string {
  if (!p) return 'unparsed';
  switch (p.kind) {
    case 'angle':
      return `${p.value}°`;
    case 'distance':
      return `${p.value} m`;
    case 'point':
      return `(${p.x}, ${p.y})`;
    case 'choice':
      return p.letter;
  }
}
