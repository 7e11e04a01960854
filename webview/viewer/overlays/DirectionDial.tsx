import React from 'react';
import { TRUTH_COLOR } from '../../common/theme';
import { fanOutAngles } from '../../../src/shared/overlayLayout';
import { angularError, pointAt, toleranceWedges, type Vec } from './geometry';
import { COINCIDE_DEG, FAN_DEG } from './mapLayouts';
import type { Prediction } from './predictions';
import { WhatIfDialMark, type WhatIfDrawing } from '../diagnosis/WhatIfMarks';

export type DialMode = 'egocentric' | 'heading';

export interface DialMarksProps {
  center: Vec;
  radius: number;
  truth: number | null;
  preds: Prediction<number>[];
  /** Size unit for strokes and text. */
  unit: number;
  showErrors?: boolean;
  /** The active file's corrected angle, drawn dotted. */
  whatIf?: WhatIfDrawing<number> | null;
}

/** Wedges, truth arrow and prediction arrows around a centre; shared by the stand-alone dial and the map dial. */
export function DialMarks({ center, radius, truth, preds, unit, showErrors = true, whatIf }: DialMarksProps) {
  const arrow = (deg: number, len: number) => pointAt(center, deg, len);
  const head = (deg: number, len: number, size: number) => {
    const tip = arrow(deg, len);
    const l = pointAt(tip, deg + 150, size);
    const r = pointAt(tip, deg - 150, size);
    return `${tip.x},${tip.y} ${l.x},${l.y} ${r.x},${r.y}`;
  };
  const fans = fanOutAngles(
    preds.map((p) => p.value),
    COINCIDE_DEG,
    FAN_DEG,
  );
  return (
    <g>
      {truth !== null
        ? toleranceWedges(center, radius, truth).map((w) => (
            <path
              key={w.tolerance}
              d={w.d}
              data-role="tolerance-wedge"
              data-tolerance={w.tolerance}
              style={{ fill: TRUTH_COLOR, fillOpacity: 0.13, stroke: 'none' }}
            />
          ))
        : null}
      {preds.map((p, i) => {
        // Coinciding predictions (0° and 1°) are drawn fanned out and marked "×n" at the first one's tip.
        const fan = fans[i];
        const drawn = fan.drawn;
        const tip = arrow(drawn, radius * 0.92);
        const err = truth !== null ? angularError(p.value, truth) : null;
        // Inside the dial along the arrow, beside it, at a different distance per file: nearby arrows keep apart labels.
        const along = pointAt(center, drawn, radius * (0.3 + (i % 3) * 0.2));
        const labelAt = pointAt(along, drawn - 90, unit * 4.5);
        // One label per group of coinciding arrows, on its first: the error and "×n"; the error list has each.
        const firstOfGroup = fans.findIndex((f) => f.group === fan.group) === i;
        const showError = showErrors && err !== null;
        return (
          <g
            key={p.result.id}
            data-role="pred-arrow"
            data-result={p.result.id}
            data-angle={p.value}
            data-drawn={drawn}
            data-together={fan.together}
          >
            <line
              x1={center.x}
              y1={center.y}
              x2={tip.x}
              y2={tip.y}
              style={{ stroke: p.color, strokeWidth: unit * 0.9, strokeDasharray: i > 0 ? `${unit * 2} ${unit}` : undefined }}
            />
            <polygon points={head(drawn, radius * 0.92, unit * 3.5)} style={{ fill: p.color }} />
            {firstOfGroup && (showError || fan.together > 1) ? (
              <text
                x={labelAt.x}
                y={labelAt.y}
                textAnchor="middle"
                dominantBaseline="middle"
                className="svg-label"
                style={{
                  fill: p.color,
                  fontSize: unit * 3.4,
                  fontWeight: 600,
                  stroke: 'var(--vscode-editor-background)',
                  strokeWidth: unit * 0.9,
                  paintOrder: 'stroke',
                }}
                data-role={showError ? 'angular-error' : undefined}
              >
                {showError ? `Δ${Math.round(err * 10) / 10}°` : null}
                {fan.together > 1 ? (
                  <tspan data-role="together-label" dx={showError ? unit : 0} style={{ fill: 'var(--vscode-foreground)' }}>
                    ×{fan.together}
                  </tspan>
                ) : null}
              </text>
            ) : null}
          </g>
        );
      })}
      {truth !== null ? (
        <g data-role="truth-arrow" data-angle={truth}>
          <line
            x1={center.x}
            y1={center.y}
            x2={arrow(truth, radius).x}
            y2={arrow(truth, radius).y}
            style={{ stroke: TRUTH_COLOR, strokeWidth: unit * 1.2 }}
          />
          <polygon points={head(truth, radius, unit * 4)} style={{ fill: TRUTH_COLOR }} />
        </g>
      ) : null}
      {/* Over the truth: a correction that lands on it shows as dots on its line. */}
      {whatIf ? <WhatIfDialMark center={center} radius={radius} unit={unit} w={whatIf} /> : null}
      <circle cx={center.x} cy={center.y} r={unit * 1.6} style={{ fill: 'var(--vscode-foreground)' }} />
    </g>
  );
}

export interface DirectionDialProps {
  truth: number | null;
  preds: Prediction<number>[];
  mode: DialMode;
  whatIf?: WhatIfDrawing<number> | null;
}

/** A dial where up is the current viewing direction (or the map's top), left turns positive: +90 points LEFT. */
export function DirectionDial({ truth, preds, mode, whatIf }: DirectionDialProps) {
  const size = 300;
  const c = { x: size / 2, y: size / 2 };
  const r = 96;
  const unit = 3;
  const labels: Array<[number, string]> =
    mode === 'egocentric'
      ? [
          [0, '0° ahead'],
          [90, '+90° left'],
          [-90, '−90° right'],
          [180, '±180° behind'],
        ]
      : [
          [0, '0° map top'],
          [90, '+90°'],
          [-90, '−90°'],
          [180, '180°'],
        ];
  return (
    <svg
      className="dial"
      data-overlay={mode === 'egocentric' ? 'direction-dial' : 'heading-dial'}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="Direction dial: truth and predictions"
    >
      <circle
        cx={c.x}
        cy={c.y}
        r={r}
        style={{ fill: 'none', stroke: 'var(--vscode-editorWidget-border, var(--vscode-descriptionForeground))', strokeWidth: 1 }}
      />
      {[...Array(12)].map((_, i) => {
        const a = pointAt(c, i * 30, r);
        const b = pointAt(c, i * 30, r - (i % 3 === 0 ? 10 : 5));
        return (
          <line key={i} x1={a.x} y1={a.y} x2={b.x} y2={b.y} style={{ stroke: 'var(--vscode-descriptionForeground)', strokeWidth: 1 }} />
        );
      })}
      <DialMarks center={c} radius={r} truth={truth} preds={preds} unit={unit} whatIf={whatIf} />
      {labels.map(([deg, text]) => {
        const p = pointAt(c, deg, r + (deg % 180 === 0 ? 14 : 30));
        return (
          <text
            key={deg}
            x={p.x}
            y={p.y}
            textAnchor="middle"
            dominantBaseline="middle"
            className="svg-label"
            style={{ fill: 'var(--vscode-descriptionForeground)', fontSize: 11 }}
          >
            {text}
          </text>
        );
      })}
      {mode === 'egocentric' ? (
        <polygon
          points={`${c.x},${c.y - 12} ${c.x - 6},${c.y + 2} ${c.x + 6},${c.y + 2}`}
          style={{ fill: 'var(--vscode-foreground)', opacity: 0.6 }}
        />
      ) : null}
    </svg>
  );
}
