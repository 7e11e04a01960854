/**
 * Reads a dotted path from a parsed JSON value: "uid", "doc.uid", "filtered_resps.0".
 * Numeric segments index arrays. Lets lmms-eval and VLMEvalKit outputs be read without conversion.
 */
export function getPath(value: unknown, dotted: string): unknown {
  // Fast path for the common plain field name: no split, no array.
  if (!dotted.includes('.'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[dotted] : undefined;
  let cur: unknown = value;
  for (const seg of dotted.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? (/^\d+$/.test(seg) ? cur[Number(seg)] : undefined) : (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

export interface FieldMapping {
  uidField: string;
  predictionField: string;
}

export const DEFAULT_FIELDS: FieldMapping = { uidField: 'uid', predictionField: 'prediction' };
