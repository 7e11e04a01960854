import React, { useState } from 'react';
import type { ResultView, SampleView } from '../../../src/shared/protocol';
import { readingLines } from '../../../src/shared/parsing/readingText';
import { resultColor } from '../../common/theme';
import { Swatch, StatusChip } from './Header';
import { RawDiff } from './RawDiff';

export interface Segment {
  text: string;
  role: 'outside' | 'region' | 'span' | 'unparsed';
}

/**
 * Splits raw model output for display: text outside the answer region (reasoning before </think>, or around
 * <answer>), the region itself, and the span the parser read the value from. Unparsed outputs mark the whole
 * region, which is where the parser looked and found nothing.
 */
export function segments(prediction: string, region: [number, number], span: [number, number] | null, parsed: boolean): Segment[] {
  const clamp = (n: number) => Math.min(Math.max(n, 0), prediction.length);
  const [r0, r1] = [clamp(region[0]), clamp(region[1])];
  const cuts: Array<[number, number, Segment['role']]> = [[0, r0, 'outside']];
  if (!parsed || !span) cuts.push([r0, r1, parsed ? 'region' : 'unparsed']);
  else {
    const [s0, s1] = [clamp(Math.max(span[0], r0)), clamp(Math.min(span[1], r1))];
    cuts.push([r0, s0, 'region'], [s0, s1, 'span'], [s1, r1, 'region']);
  }
  cuts.push([r1, prediction.length, 'outside']);
  return cuts.filter(([a, b]) => b > a).map(([a, b, role]) => ({ text: prediction.slice(a, b), role }));
}

/** Beside the highlighted span: which rule read the answer, with which reader, how, and any ambiguity flag. Text only. */
function ReadingNote({ r }: { r: ResultView }) {
  const reading = r.outcome?.reading;
  const lines = reading ? readingLines(reading) : [];
  if (lines.length === 0) return null;
  return (
    <ul className="reading-note small" data-role="reading" aria-label={`How ${r.label}'s answer was read`}>
      {lines.map((line, i) => (
        <li key={i} className={line.startsWith('ambiguous:') ? 'reading-ambiguous' : undefined}>
          {line}
        </li>
      ))}
    </ul>
  );
}

function Raw({ r }: { r: ResultView }) {
  const o = r.outcome!;
  const parts = segments(o.prediction, o.region, o.span, o.parsed !== null);
  return (
    <div className="raw" data-result={r.id}>
      <div className="raw-head">
        <Swatch color={resultColor(r.colorIndex)} />
        <strong>{r.label}</strong>
        <span className="muted small">line {o.line}</span>
        <StatusChip status={o.status} />
        {o.parsed === null ? (
          <span className="unparsed-text">unparsed: the parser found no answer in the highlighted text</span>
        ) : (
          <span className="muted small">read “{o.parsedLabel}” from the highlighted part</span>
        )}
      </div>
      <ReadingNote r={r} />
      <pre className="raw-text" data-role="raw-output" style={{ borderColor: resultColor(r.colorIndex) }}>
        {parts.length === 0 ? <span className="muted">(empty output)</span> : null}
        {parts.map((p, i) => (
          <span key={i} className={`seg seg-${p.role}`} data-seg={p.role}>
            {p.text}
          </span>
        ))}
      </pre>
    </div>
  );
}

/** Every loaded result file's raw output for this question, with the parser's span highlighted. Text only, never HTML. */
export function RawOutputs({ sample }: { sample: SampleView }) {
  const withLines = sample.results.filter((r) => r.outcome);
  const [sideBySide, setSideBySide] = useState(false);
  const diffing = sideBySide && withLines.length >= 2;
  return (
    <section className="card raw-outputs" data-role="raw-outputs">
      <h2>Raw output</h2>
      {withLines.length >= 2 ? (
        <label className="small diff-toggle">
          <input type="checkbox" checked={sideBySide} onChange={(e) => setSideBySide(e.target.checked)} data-role="diff-toggle" /> Side by
          side with a word diff
        </label>
      ) : null}
      {withLines.length === 0 ? (
        <p className="muted">No loaded result file has a line for this question.</p>
      ) : diffing ? (
        <RawDiff results={withLines} />
      ) : (
        withLines.map((r) => <Raw key={r.id} r={r} />)
      )}
      {withLines.length > 0 && !diffing ? (
        <p className="muted small legend-line">
          <span className="seg seg-span">highlighted</span> what the parser read · <span className="seg seg-unparsed">marked</span> where it
          looked and found nothing · <span className="seg seg-outside">dimmed</span> outside the answer region (before &lt;/think&gt; or
          outside &lt;answer&gt;)
        </p>
      ) : null}
    </section>
  );
}
