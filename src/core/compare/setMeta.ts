// The fields of a result line that name its result set: model, template, run (or seed) and setting. The file
// loader and the evaluation builder read them the same way, so sets built from either agree.
import type { ResultSet } from '../../shared/stats/compare';

export type SetMeta = Pick<ResultSet, 'model' | 'template' | 'run' | 'setting'>;

/** A string or number field as text; anything else is absent. */
export const metaText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export function setMetaOf(record: Record<string, unknown>): SetMeta {
  return {
    model: metaText(record.model),
    template: metaText(record.template),
    run: metaText(record.run) ?? metaText(record.seed),
    setting: metaText(record.setting),
  };
}
