import React from 'react';
import { MRA_THRESHOLDS_HUNDREDTHS } from '../../../src/shared/scoring/constants';
import { formatNumber } from '../format';
import { TRUTH_COLOR } from '../../common/theme';
import { mraBands, rulerScale } from './geometry';
import type { Prediction } from './predictions';

/** A ruler with the truth, each prediction, and the bands that pass each of the 10 MRA thresholds. */
export function DistanceRuler({ truth, preds }: { truth: number | null; preds: Prediction<number>[] }) {
  const width = 600;
  const left = 30;
  const right = width - 30;
  const axisY = 70;
  const rowH = 22;
  const height = axisY + 30 + preds.length * rowH;
  const values = [...(truth !== null ? [truth * 1.6] : []), ...preds.map((p) => p.value)];
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
    </svg>
  );
}
