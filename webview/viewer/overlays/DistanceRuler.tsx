import React from 'react';
import { MRA_THRESHOLDS_HUNDREDTHS } from '../../../src/shared/scoring/constants';
import { formatNumber } from '../format';
import { TRUTH_COLOR } from '../../common/theme';
import { mraBands, rulerScale } from './geometry';
import type { Prediction } from './predictions';
import { dotted, type WhatIfDrawing } from '../diagnosis/WhatIfMarks';

/** A ruler with the truth, each prediction, and the bands that pass each of the 10 MRA thresholds. */
export function DistanceRuler({
  truth,
  preds,
  whatIf,
}: {
  truth: number | null;
  preds: Prediction<number>[];
  /** The active file's rescaled distance, drawn dotted on a row of its own. */
  whatIf?: WhatIfDrawing<number> | null;
}) {
  const width = 600;
  const left = 30;
  const right = width - 30;
  const axisY = 70;
  const rowH = 22;
  const height = axisY + 30 + (preds.length + (whatIf ? 1 : 0)) * rowH;
  const values = [...(truth !== null ? [truth * 1.6] : []), ...preds.map((p) => p.value), ...(whatIf ? [whatIf.value] : [])];
  const scale = rulerScale(values, left, right);
  const bands = truth !== null ? mraBands(truth) : [];
  return (
    <svg
      className="ruler"
      data-overlay="distance-ruler"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label="Distance ruler: truth, predictions and MRA pass bands"
    >
      {bands.map((b) => (
        <rect
          key={b.threshold}
          data-role="mra-band"
          data-threshold={b.threshold}
          x={scale.toX(b.lo)}
          y={axisY - 40}
          width={Math.max(0.5, scale.toX(b.hi) - scale.toX(b.lo))}
          height={40}
          style={{ fill: TRUTH_COLOR, fillOpacity: 0.09 }}
        >
          <title>{`passes θ = ${b.threshold.toFixed(2)}: ${formatNumber(b.lo, 2)} – ${formatNumber(b.hi, 2)} m`}</title>
        </rect>
      ))}
      {bands.length ? (
        <>
          <text
            x={scale.toX(bands[0].lo)}
            y={axisY - 44}
            className="svg-label"
            style={{ fill: 'var(--vscode-descriptionForeground)', fontSize: 10 }}
            textAnchor="middle"
          >
            {formatNumber(bands[0].lo, 2)} (θ {(MRA_THRESHOLDS_HUNDREDTHS[0] / 100).toFixed(2)})
          </text>
          <text
            x={scale.toX(bands[0].hi)}
            y={axisY - 44}
            className="svg-label"
            style={{ fill: 'var(--vscode-descriptionForeground)', fontSize: 10 }}
            textAnchor="middle"
          >
            {formatNumber(bands[0].hi, 2)}
          </text>
        </>
      ) : null}
      <line x1={left} y1={axisY} x2={right} y2={axisY} style={{ stroke: 'var(--vscode-foreground)', strokeWidth: 1 }} />
      {scale.ticks.map((t) => (
        <g key={t}>
          <line
            x1={scale.toX(t)}
            y1={axisY}
            x2={scale.toX(t)}
            y2={axisY + 5}
            style={{ stroke: 'var(--vscode-foreground)', strokeWidth: 1 }}
          />
          <text
            x={scale.toX(t)}
            y={axisY + 16}
            textAnchor="middle"
            className="svg-label"
            style={{ fill: 'var(--vscode-descriptionForeground)', fontSize: 10 }}
          >
            {formatNumber(t, 2)}
          </text>
        </g>
      ))}
      <text
        x={right}
        y={axisY + 28}
        textAnchor="end"
        className="svg-label"
        style={{ fill: 'var(--vscode-descriptionForeground)', fontSize: 10 }}
      >
        metres
      </text>
      {truth !== null ? (
        <g data-role="truth-marker" data-value={truth}>
          <line x1={scale.toX(truth)} y1={axisY - 46} x2={scale.toX(truth)} y2={axisY} style={{ stroke: TRUTH_COLOR, strokeWidth: 2.5 }} />
          <text
            x={scale.toX(truth)}
            y={axisY - 52}
            textAnchor="middle"
            className="svg-label"
            style={{ fill: TRUTH_COLOR, fontSize: 12, fontWeight: 600 }}
          >
            truth {formatNumber(truth, 2)} m
          </text>
        </g>
      ) : null}
      {preds.map((p, i) => {
        const x = scale.toX(p.value);
        const y = axisY + 34 + i * rowH;
        const o = p.result.outcome!;
        const text = `${p.result.label}: ${formatNumber(p.value, 2)} m${o.passed !== null ? ` · passes ${o.passed}/${o.of}` : ''}${p.value > scale.max ? ' (off scale)' : ''}`;
        return (
          <g key={p.result.id} data-role="pred-marker" data-result={p.result.id} data-value={p.value}>
            <line x1={x} y1={axisY - 40} x2={x} y2={y - 6} style={{ stroke: p.color, strokeWidth: 1.5, strokeDasharray: '3 2' }} />
            <polygon points={`${x},${y - 6} ${x - 5},${y + 3} ${x + 5},${y + 3}`} style={{ fill: p.color }} />
            <text
              x={x > width / 2 ? x - 8 : x + 8}
              y={y + 3}
              textAnchor={x > width / 2 ? 'end' : 'start'}
              className="svg-label"
              style={{ fill: p.color, fontSize: 11 }}
            >
              {text}
            </text>
          </g>
        );
      })}
      {whatIf
        ? (() => {
            const x = scale.toX(whatIf.value);
            const y = axisY + 34 + preds.length * rowH;
            const from = whatIf.from === null ? null : scale.toX(whatIf.from);
            return (
              <g data-role="whatif-marker" data-value={whatIf.value} data-class={whatIf.view.cls}>
                {from !== null && Math.abs(from - x) > 8 ? (
                  <g data-role="whatif-link">
                    <line x1={from} y1={y} x2={x + (from < x ? -6 : 6)} y2={y} style={dotted(whatIf.color, 2)} />
                    <polygon
                      points={
                        from < x
                          ? `${x - 6},${y} ${x - 12},${y - 4} ${x - 12},${y + 4}`
                          : `${x + 6},${y} ${x + 12},${y - 4} ${x + 12},${y + 4}`
                      }
                      style={{ fill: whatIf.color }}
                    />
                  </g>
                ) : null}
                <line x1={x} y1={axisY - 40} x2={x} y2={y - 6} data-role="whatif-stroke" style={dotted(whatIf.color, 2.5)} />
                <polygon
                  points={`${x},${y - 6} ${x - 5},${y + 3} ${x + 5},${y + 3}`}
                  style={{ fill: 'var(--vscode-editor-background)', stroke: whatIf.color, strokeWidth: 1.5 }}
                />
                <text
                  x={x > width / 2 ? x - 16 : x + 16}
                  y={y + 3}
                  textAnchor={x > width / 2 ? 'end' : 'start'}
                  className="svg-label"
                  style={{ fill: whatIf.color, fontSize: 11, fontWeight: 600 }}
                >
                  {`${whatIf.view.text}: ${formatNumber(whatIf.value, 2)} m`}
                </text>
              </g>
            );
          })()
        : null}
    </svg>
  );
}
