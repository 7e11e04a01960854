// The what-if of the active file's answer, drawn dotted (round dots) so it reads apart from the model's own dashed
// mark and the truth's solid one: the flipped arrow, the swapped point, the rescaled distance.
import React from 'react';
import type { SampleView, TaggedValue, WhatIfView } from '../../../src/shared/protocol';
import { MAP_HALO } from '../../../src/shared/palette';
import { formatQuestionScore } from '../../../src/shared/format';
import { resultColor, TRUTH_COLOR } from '../../common/theme';
import { pointAt, type Vec } from '../overlays/geometry';

/** A what-if to draw: the corrected value, the model's own value it corrects, and the file's colour. */
export interface WhatIfDrawing<V> {
  view: WhatIfView;
  value: V;
  from: V | null;
  /** The model's answer as the header shows it ("-70°"). */
  fromLabel: string | null;
  color: string;
}

/** The dot pattern of every what-if stroke, in units of its width. */
export function whatIfDash(width: number): string {
  return `${width * 0.1} ${width * 1.9}`;
}

/** A dotted stroke of the what-if in `color`. */
export function dotted(color: string, width: number): React.CSSProperties {
  return { fill: 'none', stroke: color, strokeWidth: width, strokeDasharray: whatIfDash(width), strokeLinecap: 'round' };
}

/** A short line for a legend: solid, dashed or (with `dash`) any pattern. */
export function LegendSample({ color, dash, width = 2.5 }: { color: string; dash?: string; width?: number }) {
  return (
    <svg className="legend-sample" viewBox="0 0 24 8" aria-hidden="true">
      <line
        x1={2}
        y1={4}
        x2={22}
        y2={4}
        style={{ stroke: color, strokeWidth: width, strokeDasharray: dash, strokeLinecap: dash ? 'round' : undefined }}
      />
    </svg>
  );
}

/** The question's what-if, when the diagnosis has one and the checkbox shows it. */
export function whatIfOf<V>(sample: SampleView, show: boolean, pick: (v: TaggedValue | null) => V | null): WhatIfDrawing<V> | null {
  const view = sample.diagnosisOverlay?.whatIf;
  if (!show || !view) return null;
  const value = pick(view.value);
  if (value === null) return null;
  const own = sample.results.find((r) => r.id === view.resultId)?.outcome ?? null;
  return { view, value, from: pick(own?.value ?? null), fromLabel: own?.parsedLabel ?? null, color: resultColor(view.colorIndex) };
}

/** A small filled triangle at `tip` pointing along `deg` (the dial's convention: 0 up, positive left). */
function headAt(tip: Vec, deg: number, size: number): string {
  const l = pointAt(tip, deg + 150, size);
  const r = pointAt(tip, deg - 150, size);
  return `${tip.x},${tip.y} ${l.x},${l.y} ${r.x},${r.y}`;
}

/** The arrow of the corrected angle on a dial, and an arc from the model's arrow to it. */
export function WhatIfDialMark({ center, radius, unit, w }: { center: Vec; radius: number; unit: number; w: WhatIfDrawing<number> }) {
  const tipLen = radius * 0.92;
  const tip = pointAt(center, w.value, tipLen);
  const width = unit * 0.9;
  const arcR = radius * 0.45;
  let arc: React.ReactNode = null;
  if (w.from !== null) {
    // The shorter way round from the model's angle to the corrected one.
    const delta = ((((w.value - w.from + 180) % 360) + 360) % 360) - 180;
    if (Math.abs(delta) >= 1) {
      const a = pointAt(center, w.from, arcR);
      const b = pointAt(center, w.value, arcR);
      // Positive angles turn left (counter-clockwise on screen): SVG's sweep flag 0.
      const d = `M ${a.x} ${a.y} A ${arcR} ${arcR} 0 ${Math.abs(delta) > 180 ? 1 : 0} ${delta > 0 ? 0 : 1} ${b.x} ${b.y}`;
      const tangent = w.value + (delta > 0 ? 90 : -90);
      arc = (
        <g data-role="whatif-arc">
          <path d={d} style={dotted(w.color, width * 0.8)} />
          <polygon points={headAt(b, tangent, unit * 2.2)} style={{ fill: w.color }} />
        </g>
      );
    }
  }
  return (
    <g data-role="whatif-arrow" data-angle={w.value} data-class={w.view.cls}>
      {arc}
      <line x1={center.x} y1={center.y} x2={tip.x} y2={tip.y} data-role="whatif-stroke" style={dotted(w.color, width * 1.3)} />
      <polygon
        points={headAt(tip, w.value, unit * 3.5)}
        style={{ fill: 'none', stroke: w.color, strokeWidth: unit * 0.6, strokeLinejoin: 'round' }}
      />
    </g>
  );
}

/** The corrected ray on the direction map, over the truth's (a correction onto it shows as dots on its line). */
export function WhatIfRay({ from, to, unit, w }: { from: Vec; to: Vec; unit: number; w: WhatIfDrawing<number> }) {
  return (
    <g data-role="whatif-ray" data-angle={w.value} data-class={w.view.cls}>
      <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} data-role="whatif-stroke" style={dotted(w.color, unit * 1.1)} />
    </g>
  );
}

/** The corrected point on the point map: a dotted ring, and a dotted arrow from the model's point to it. */
export function WhatIfPoint({ at, from, unit, w }: { at: Vec; from: Vec | null; unit: number; w: WhatIfDrawing<Vec> }) {
  const r = unit * 2.4;
  const width = unit * 0.7;
  let link: React.ReactNode = null;
  if (from) {
    const dx = at.x - from.x;
    const dy = at.y - from.y;
    const len = Math.hypot(dx, dy);
    if (len > r * 1.5) {
      // Stops at the ring, so the arrowhead points at it instead of hiding under it.
      const end = { x: at.x - (dx / len) * r, y: at.y - (dy / len) * r };
      const deg = (Math.atan2(-dx, -dy) * 180) / Math.PI; // the dial convention: 0 up, positive left
      link = (
        <g data-role="whatif-link">
          <line x1={from.x} y1={from.y} x2={end.x} y2={end.y} style={{ stroke: MAP_HALO, strokeWidth: width * 2, strokeOpacity: 0.85 }} />
          <line x1={from.x} y1={from.y} x2={end.x} y2={end.y} style={dotted(w.color, width)} />
          <polygon points={headAt(end, deg, unit * 2.2)} style={{ fill: w.color, stroke: MAP_HALO, strokeWidth: unit * 0.25 }} />
        </g>
      );
    }
  }
  return (
    <g data-role="whatif-point" data-x={w.value.x} data-y={w.value.y} data-class={w.view.cls}>
      {link}
      <circle cx={at.x} cy={at.y} r={r} style={{ fill: 'none', stroke: MAP_HALO, strokeWidth: width * 2.2, strokeOpacity: 0.85 }} />
      <circle cx={at.x} cy={at.y} r={r} data-role="whatif-stroke" style={dotted(w.color, width * 1.2)} />
    </g>
  );
}

/** The what-if in words under the overlay, in the file's colour: what was corrected, the new value, the score. */
export function WhatIfCaption({ w }: { w: WhatIfDrawing<unknown> | null }) {
  if (!w) return null;
  const v = w.view;
  return (
    <p className="whatif-caption" data-role="whatif-caption" style={{ color: w.color }}>
      <LegendSample color={w.color} dash={whatIfDash(2.5)} />
      <strong>{v.text}</strong>: {v.label}
      {w.fromLabel ? ` answered ${w.fromLabel} (score ${formatQuestionScore(v.before)})` : ''}; corrected, {v.valueLabel}
    </p>
  );
}

/** The overlay's legend: the truth's solid mark, each file's dashed one, the dotted what-if and its checkbox. */
export function OverlayLegend({ sample, show, onShow }: { sample: SampleView; show: boolean; onShow: (show: boolean) => void }) {
  const whatIf = sample.diagnosisOverlay?.whatIf ?? null;
  if (sample.kind === 'choice' || sample.kind === null) return null;
  return (
    <div className="overlay-legend small" data-role="overlay-legend">
      <span>
        <LegendSample color={TRUTH_COLOR} /> truth
      </span>
      {sample.results
        .filter((r) => r.outcome?.value)
        .map((r) => (
          <span key={r.id} style={{ color: resultColor(r.colorIndex) }}>
            <LegendSample color={resultColor(r.colorIndex)} dash="6 3" width={2} /> {r.label}
          </span>
        ))}
      {whatIf ? (
        <label className="whatif-toggle" data-role="whatif-legend" style={{ color: resultColor(whatIf.colorIndex) }}>
          <input type="checkbox" checked={show} data-action="toggle-whatif" onChange={(e) => onShow(e.currentTarget.checked)} />
          <LegendSample color={resultColor(whatIf.colorIndex)} dash={whatIfDash(2.5)} /> what-if ({whatIf.label})
        </label>
      ) : null}
    </div>
  );
}
