import React from 'react';
import { POINT_SCALE_MAX } from '../../../src/shared/scoring/constants';
import type { GeometryView, MediaView, SampleView } from '../../../src/shared/protocol';
import { formatNumber } from '../format';
import { TRUTH_COLOR } from '../../common/theme';
import { ChoiceGrid } from './ChoiceGrid';
import { DialMarks, DirectionDial } from './DirectionDial';
import { DistanceRuler } from './DistanceRuler';
import { normalizedDistance, normalizedToPixels, pointAt, rayToEdge, thresholdRings } from './geometry';
import { MapImage } from './MapImage';
import { asLetter, asNumber, asPoint, predictions, unparsed, type Prediction } from './predictions';

export interface AnswerPanelProps {
  sample: SampleView;
  onEnlarge: (image: MediaView, caption: string) => void;
}

const FG = 'var(--vscode-foreground)';
const HALO = 'var(--vscode-editor-background)';

/** Text with a halo in the editor background, readable over any map. */
function Label({ x, y, unit, color, children, anchor = 'start', role }: { x: number; y: number; unit: number; color: string; children: React.ReactNode; anchor?: 'start' | 'middle' | 'end'; role?: string }) {
  return (
    <text x={x} y={y} textAnchor={anchor} dominantBaseline="middle" className="svg-label halo" data-role={role} style={{ fill: color, fontSize: unit * 3.2, stroke: HALO, strokeWidth: unit * 0.5, paintOrder: 'stroke' }}>
      {children}
    </text>
  );
}

function Agent({ geometry, w, h, unit }: { geometry: GeometryView; w: number; h: number; unit: number }) {
  const a = geometry.agent!;
  const p = normalizedToPixels(a, w, h);
  const tip = pointAt(p, a.heading, unit * 6);
  const l = pointAt(p, a.heading + 140, unit * 3);
  const r = pointAt(p, a.heading - 140, unit * 3);
  return (
    <g data-role="agent-pose">
      <polygon points={`${tip.x},${tip.y} ${l.x},${l.y} ${p.x},${p.y} ${r.x},${r.y}`} style={{ fill: FG, stroke: HALO, strokeWidth: unit * 0.4 }} />
      <Label x={p.x + unit * 3} y={p.y + unit * 4} unit={unit} color={FG}>
        you
      </Label>
    </g>
  );
}

function Target({ geometry, w, h, unit }: { geometry: GeometryView; w: number; h: number; unit: number }) {
  const t = geometry.target;
  if (!t) return null;
  const p = normalizedToPixels(t, w, h);
  const s = unit * 2;
  return (
    <g data-role="target">
      <path d={`M ${p.x - s} ${p.y - s} L ${p.x + s} ${p.y + s} M ${p.x - s} ${p.y + s} L ${p.x + s} ${p.y - s}`} style={{ stroke: TRUTH_COLOR, strokeWidth: unit * 0.8 }} />
      {t.label ? (
        <Label x={p.x + s * 1.5} y={p.y - s} unit={unit} color={TRUTH_COLOR}>
          {t.label}
        </Label>
      ) : null}
    </g>
  );
}

function Unparsed({ sample }: { sample: SampleView }) {
  const list = unparsed(sample);
  if (list.length === 0) return null;
  return (
    <p className="unparsed-note" data-role="unparsed-note">
      {list.map((r) => r.label).join(', ')}: <span className="unparsed-text">unparsed</span> — see the raw output below.
    </p>
  );
}

function ErrorList({ preds, unitText, format }: { preds: Prediction<unknown>[]; unitText: string; format?: (v: number) => string }) {
  if (preds.length === 0) return null;
  return (
    <ul className="error-list">
      {preds.map((p) => {
        const o = p.result.outcome!;
        return (
          <li key={p.result.id} style={{ color: p.color }}>
            {p.result.label}: {o.parsedLabel}
            {o.error !== null ? ` · error ${format ? format(o.error) : formatNumber(o.error)}${unitText}` : ''}
            {o.passed !== null ? ` · passes ${o.passed}/${o.of}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function DirectionPanel({ sample }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber);
  const g = sample.geometry;
  return (
    <div className="answer-grid">
      <figure className="dial-figure">
        <DirectionDial truth={truth} preds={preds} mode="egocentric" />
        <figcaption className="muted small">Up = your current viewing direction; left turns are positive (+90° points left). Shaded: ±15°, ±30°, ±45° around the truth.</figcaption>
      </figure>
      {g && g.agent ? (
        <MapImage uri={g.topdown.uri} relPath={g.topdown.relPath} width={g.topdown.width} height={g.topdown.height} overlay="direction-map" caption="Top-down map: your pose, the true ray (green) and each predicted ray.">
          {(w, h, unit) => {
            const at = normalizedToPixels(g.agent!, w, h);
            const ray = (deg: number) => rayToEdge(at, deg, w, h);
            return (
              <>
                <Target geometry={g} w={w} h={h} unit={unit} />
                {preds.map((p) => {
                  const e = ray(g.agent!.heading + p.value);
                  return <line key={p.result.id} data-role="pred-ray" data-result={p.result.id} x1={at.x} y1={at.y} x2={e.x} y2={e.y} style={{ stroke: p.color, strokeWidth: unit * 0.7, strokeDasharray: `${unit * 2} ${unit}` }} />;
                })}
                {truth !== null ? (() => {
                  const e = ray(g.agent!.heading + truth);
                  return <line data-role="truth-ray" x1={at.x} y1={at.y} x2={e.x} y2={e.y} style={{ stroke: TRUTH_COLOR, strokeWidth: unit * 0.9 }} />;
                })() : null}
                <Agent geometry={g} w={w} h={h} unit={unit} />
              </>
            );
          }}
        </MapImage>
      ) : null}
      <ErrorList preds={preds} unitText="°" />
      <Unparsed sample={sample} />
    </div>
  );
}

function OrientationPanel({ sample }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber);
  const g = sample.geometry;
  return (
    <div className="answer-grid">
      {g && g.agent ? (
        <MapImage uri={g.topdown.uri} relPath={g.topdown.relPath} width={g.topdown.width} height={g.topdown.height} overlay="heading-map" caption="Heading dial at your position: up = top of the map, left (counter-clockwise) positive.">
          {(w, h, unit) => {
            const at = normalizedToPixels(g.agent!, w, h);
            const radius = Math.min(w, h) * 0.22;
            const mark = (deg: number, text: string) => {
              const p = pointAt(at, deg, radius + unit * 1.2);
              return (
                <Label key={deg} x={p.x} y={deg === 0 ? p.y - unit * 1.5 : p.y} unit={unit * 0.7} color={FG} anchor={deg > 0 ? 'end' : deg < 0 ? 'start' : 'middle'}>
                  {text}
                </Label>
              );
            };
            return (
              <>
                <circle cx={at.x} cy={at.y} r={radius} style={{ fill: HALO, fillOpacity: 0.7, stroke: FG, strokeWidth: unit * 0.3 }} />
                <DialMarks center={at} radius={radius} truth={truth} preds={preds} unit={unit * 0.9} />
                {mark(0, '0°')}
                {mark(90, '+90°')}
                {mark(-90, '−90°')}
              </>
            );
          }}
        </MapImage>
      ) : (
        <figure className="dial-figure">
          <DirectionDial truth={truth} preds={preds} mode="heading" />
          <figcaption className="muted small">Heading on the top-down map: up = top of the map, left (counter-clockwise) positive.</figcaption>
        </figure>
      )}
      <ErrorList preds={preds} unitText="°" />
      <Unparsed sample={sample} />
    </div>
  );
}

function PointPanel({ sample }: AnswerPanelProps) {
  const truth = asPoint(sample.truthValue);
  const preds = predictions(sample, asPoint);
  const g = sample.geometry;
  // Real data has no geometry: the top-down image is the one the host tagged as the map.
  const last = sample.images.find((i) => i.role === 'map');
  const map = g ? { uri: g.topdown.uri, relPath: g.topdown.relPath, width: g.topdown.width, height: g.topdown.height } : last ? { uri: last.uri, relPath: last.relPath } : { uri: null, relPath: '(no image)' };
  return (
    <div className="answer-grid">
      <MapImage {...map} overlay="point-map" caption={`Points on [0, ${POINT_SCALE_MAX}] of the top-down image. Rings: 100/150/200/250/300 units (ellipses when the image is not square).`}>
        {(w, h, unit) => {
          const tp = truth ? normalizedToPixels(truth, w, h) : null;
          return (
            <>
              {truth
                ? thresholdRings(truth, w, h).map((e) => (
                    <g key={e.threshold}>
                      <ellipse data-role="threshold-ring" data-threshold={e.threshold} cx={e.cx} cy={e.cy} rx={e.rx} ry={e.ry} style={{ fill: 'none', stroke: TRUTH_COLOR, strokeOpacity: 0.8, strokeWidth: unit * 0.3, strokeDasharray: `${unit} ${unit * 0.7}` }} />
                      <Label x={e.cx} y={e.cy - e.ry} unit={unit * 0.6} color={TRUTH_COLOR} anchor="middle">
                        {e.threshold}
                      </Label>
                    </g>
                  ))
                : null}
              {preds.map((p) => {
                const pp = normalizedToPixels(p.value, w, h);
                const d = p.result.outcome!.error ?? (truth ? normalizedDistance(truth, p.value) : null);
                return (
                  <g key={p.result.id} data-role="pred-point" data-result={p.result.id}>
                    {tp ? <line data-role="pred-line" x1={tp.x} y1={tp.y} x2={pp.x} y2={pp.y} style={{ stroke: p.color, strokeWidth: unit * 0.5 }} /> : null}
                    <circle cx={pp.x} cy={pp.y} r={unit * 1.5} style={{ fill: p.color, stroke: HALO, strokeWidth: unit * 0.4 }} />
                    {d !== null && tp ? (
                      <Label x={(tp.x + pp.x) / 2 + unit} y={(tp.y + pp.y) / 2} unit={unit * 0.8} color={p.color} role="distance-label">
                        {formatNumber(d)}
                      </Label>
                    ) : null}
                  </g>
                );
              })}
              {tp ? (
                <g data-role="truth-point">
                  <circle cx={tp.x} cy={tp.y} r={unit * 1.8} style={{ fill: TRUTH_COLOR, stroke: HALO, strokeWidth: unit * 0.5 }} />
                </g>
              ) : null}
              {g?.agent && sample.subtask?.key !== 'position' ? <Agent geometry={g} w={w} h={h} unit={unit} /> : null}
            </>
          );
        }}
      </MapImage>
      <ErrorList preds={preds} unitText=" units" />
      <Unparsed sample={sample} />
    </div>
  );
}

function DistancePanel({ sample }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber);
  return (
    <div className="answer-grid wide">
      <DistanceRuler truth={truth} preds={preds} />
      <p className="muted small">Shaded: the bands of predictions that pass each of the 10 MRA thresholds θ = 0.50 … 0.95 (|pred − truth| &lt; (1 − θ)·truth); darker = passes more.</p>
      <ErrorList preds={preds} unitText="" format={(e) => `${(e * 100).toFixed(1)}% relative`} />
      <Unparsed sample={sample} />
    </div>
  );
}

function ChoicePanel({ sample, onEnlarge }: AnswerPanelProps) {
  return (
    <div className="answer-grid wide">
      <ChoiceGrid images={sample.images} truth={asLetter(sample.truthValue)} preds={predictions(sample, asLetter)} onEnlarge={onEnlarge} />
      <Unparsed sample={sample} />
    </div>
  );
}

/** The overlay for the question's answer kind: predicted versus true. */
export function AnswerPanel(props: AnswerPanelProps) {
  const { sample } = props;
  let body: React.ReactNode;
  if (sample.kind === 'angle') body = sample.subtask?.key === 'orientation' ? <OrientationPanel {...props} /> : <DirectionPanel {...props} />;
  else if (sample.kind === 'distance') body = <DistancePanel {...props} />;
  else if (sample.kind === 'point') body = <PointPanel {...props} />;
  else if (sample.kind === 'choice') body = <ChoicePanel {...props} />;
  else body = <p className="muted">Unknown task “{sample.task}”: no overlay.</p>;
  return (
    <section className="card answer-panel" data-role="answer-panel" data-kind={sample.kind ?? 'other'}>
      <h2>Prediction vs truth</h2>
      {body}
    </section>
  );
}

