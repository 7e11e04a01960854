// The bar chart: one bar per shown file (its Results-view colour) and the simulated baseline in each subtask,
// error bars for the 95 % intervals, every number written out; a chosen paper row as a tick in each band.
import React, { useLayoutEffect, useRef, useState } from 'react';
import { CHART, chartLayout, type ChartSeries } from './chartLayout';

export interface ColoredSeries extends ChartSeries {
  color: string;
}

const NEUTRAL = 'var(--vscode-descriptionForeground)';
export const SIMULATED_COLOR = NEUTRAL;

export function Chart({ series, mark }: { series: ColoredSeries[]; mark?: ChartSeries }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || 720);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const layout = chartLayout(series, width, mark);
  const color = new Map(series.map((s) => [s.key, s.color]));
  return (
    <div ref={box} className="chart-box">
      <svg
        data-role="chart"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label="Scores per subtask with 95 % intervals"
      >
        {layout.ticks.map((t) => (
          <g key={t.value} data-role="tick">
            <line x1={t.x} x2={t.x} y1={layout.plot.top - 4} y2={layout.plot.bottom} className="grid" />
            <text x={t.x} y={layout.plot.top - 8} textAnchor="middle" className="axis-label">
              {t.label}
            </text>
          </g>
        ))}
        {layout.bands.map((b) => (
          <text key={b.column} x={b.labelX} y={b.labelY} textAnchor="end" className="band-label" data-role="band-label">
            <title>{b.name}</title>
            {b.label}
          </text>
        ))}
        {layout.bars.map((bar) => (
          <g key={`${bar.series}/${bar.column}`} data-role="bar" data-series={bar.series} data-column={bar.column}>
            <title>{bar.title}</title>
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={color.get(bar.series)} />
            {bar.error && (
              <g className="error-bar" data-role="error-bar">
                <line x1={bar.error.x1} x2={bar.error.x2} y1={bar.error.y} y2={bar.error.y} />
                <line x1={bar.error.x1} x2={bar.error.x1} y1={bar.y + 2} y2={bar.y + bar.height - 2} />
                <line x1={bar.error.x2} x2={bar.error.x2} y1={bar.y + 2} y2={bar.y + bar.height - 2} />
              </g>
            )}
            <text x={bar.textX} y={bar.textY} className="bar-value" data-role="bar-value">
              {bar.text}
            </text>
          </g>
        ))}
        {layout.marks.map((m) => (
          <line key={m.column} x1={m.x} x2={m.x} y1={m.y1} y2={m.y2} strokeWidth={CHART.markStrokePx} className="mark" data-role="mark">
            <title>{m.title}</title>
          </line>
        ))}
      </svg>
    </div>
  );
}
