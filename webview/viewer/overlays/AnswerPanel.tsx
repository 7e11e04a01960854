import React from 'react';
import type { TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import { POINT_SCALE_MAX } from '../../../src/shared/scoring/constants';
import type { MediaView, SampleView } from '../../../src/shared/protocol';
import { formatNumber } from '../format';
import { TRUTH_COLOR } from '../../common/theme';
import { ChoiceGrid } from './ChoiceGrid';
import { DialMarks, DirectionDial } from './DirectionDial';
import { DistanceRuler } from './DistanceRuler';
import type { PlacedLabel } from '../../../src/shared/overlayLayout';
import { normalizedDistance, pointAt, type Vec } from './geometry';
import { COINCIDE_DEG, COINCIDE_POINT_UNITS, directionLayout, FAN_DEG, headingLayout, MARK, pointLayout } from './mapLayouts';
import { fanOutAngles, fanOutPoints } from '../../../src/shared/overlayLayout';
import { MAP_HALO, MAP_INK } from '../../../src/shared/palette';
import { MapImage } from './MapImage';
import { asLetter, asNumber, asPoint, predictions, unparsed, type Prediction } from './predictions';
import { OverlayLegend, whatIfOf, WhatIfCaption, WhatIfPoint, WhatIfRay } from '../diagnosis/WhatIfMarks';
import { normalizedToPixels, rayToEdge } from './geometry';

export interface AnswerPanelProps {
  sample: SampleView;
  onEnlarge: (image: MediaView, caption: string) => void;
  /** The reviewer's proposed answer (the audit bar's), drawn and listed like a prediction in its own colour. */
  proposal?: TypedAnswer | null;
  /** The what-if overlay's checkbox (on unless unticked). */
  showWhatIf?: boolean;
  onShowWhatIf?: (show: boolean) => void;
}

const FG = 'var(--vscode-foreground)';
const HALO = 'var(--vscode-editor-background)';

/** A label at a placed spot (its centre), with a halo; `boxed` adds a background so it reads over map detail. */
function PlacedText({
  label,
  unit,
  color,
  halo = HALO,
  fontSize,
  boxed = false,
  role,
  children,
}: {
  label: PlacedLabel;
  unit: number;
  color: string;
  halo?: string;
  fontSize: number;
  boxed?: boolean;
  role?: string;
  children: React.ReactNode;
}) {
  const b = label.box;
  return (
    <g data-role={role} data-clear={label.clear}>
      {boxed ? (
        <rect
          x={b.x0 - unit * 0.4}
          y={b.y0}
          width={b.x1 - b.x0 + unit * 0.8}
          height={b.y1 - b.y0}
          rx={unit * 0.6}
          style={{ fill: halo, fillOpacity: 0.85 }}
        />
      ) : null}
      <text
        x={label.x}
        y={label.y}
        textAnchor="middle"
        dominantBaseline="central"
        className="svg-label halo"
        style={{ fill: color, fontSize, stroke: halo, strokeWidth: unit * 0.5, paintOrder: 'stroke' }}
      >
        {children}
      </text>
    </g>
  );
}

/** The viewpoint: a dot with a wedge in the viewing direction, in dark ink on a white halo (the map is light). */
function Agent({ at, heading, unit, you }: { at: Vec; heading: number; unit: number; you?: PlacedLabel }) {
  const r = unit * MARK.agentRadius;
  const reach = unit * MARK.agentWedge;
  const left = pointAt(at, heading + 30, reach);
  const right = pointAt(at, heading - 30, reach);
  return (
    <g data-role="agent-pose" data-heading={heading}>
      <path
        data-role="view-wedge"
        d={`M ${at.x} ${at.y} L ${right.x} ${right.y} A ${reach} ${reach} 0 0 0 ${left.x} ${left.y} Z`}
        style={{ fill: MAP_INK, fillOpacity: 0.55, stroke: MAP_HALO, strokeWidth: unit * 0.35 }}
      />
      <circle cx={at.x} cy={at.y} r={r} style={{ fill: MAP_INK, stroke: MAP_HALO, strokeWidth: unit * MARK.halo }} />
      {you ? (
        <PlacedText label={you} unit={unit} color={MAP_INK} halo={MAP_HALO} fontSize={unit * MARK.labelFont} role="you-label">
          you
        </PlacedText>
      ) : null}
    </g>
  );
}

function Target({ at, label, text, unit }: { at: Vec; label: PlacedLabel | null; text?: string; unit: number }) {
  const s = unit * MARK.targetHalf;
  return (
    <g data-role="target">
      <path
        d={`M ${at.x - s} ${at.y - s} L ${at.x + s} ${at.y + s} M ${at.x - s} ${at.y + s} L ${at.x + s} ${at.y - s}`}
        style={{ stroke: TRUTH_COLOR, strokeWidth: unit * 0.8 }}
      />
      {label && text ? (
        <PlacedText label={label} unit={unit} color={TRUTH_COLOR} fontSize={unit * MARK.labelFont} boxed role="target-label">
          {text}
        </PlacedText>
      ) : null}
    </g>
  );
}

/** Says which predictions coincide, since their marks are drawn fanned out. */
function CoincideNote({ groups }: { groups: Array<Array<{ label: string; value: string }>> }) {
  if (groups.length === 0) return null;
  return (
    <p className="muted small coincide-note" data-role="coincide-note">
      {groups.map((g) => `×${g.length}: ${g.map((m) => `${m.label} (${m.value})`).join(' and ')} coincide; drawn fanned out`).join('. ')}.
    </p>
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

function DirectionPanel({ sample, proposal, showWhatIf = true }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber, proposal);
  const whatIf = whatIfOf(sample, showWhatIf, asNumber);
  const g = sample.geometry;
  const layoutOf = (w: number, h: number, unit: number) =>
    directionLayout(
      g!.agent!,
      g!.target,
      truth,
      preds.map((p) => ({ id: p.result.id, value: p.value })),
      w,
      h,
      unit,
    );
  return (
    <div className="answer-grid">
      <figure className="dial-figure">
        <DirectionDial truth={truth} preds={preds} mode="egocentric" whatIf={whatIf} />
        <figcaption className="muted small">
          Up = your current viewing direction; left turns are positive (+90° points left). Shaded: ±15°, ±30°, ±45° around the truth.
        </figcaption>
      </figure>
      {g && g.agent ? (
        <MapImage
          uri={g.topdown.uri}
          relPath={g.topdown.relPath}
          width={g.topdown.width}
          height={g.topdown.height}
          overlay="direction-map"
          margins={(w, h, unit) => layoutOf(w, h, unit).margins}
          caption="Top-down map: you (dot and viewing wedge), the true ray (green) and each predicted ray."
        >
          {({ w, h, unit, clipToImage }) => {
            const l = layoutOf(w, h, unit);
            const color = new Map(preds.map((p) => [p.result.id, p.color]));
            return (
              <>
                <g clipPath={clipToImage}>
                  {l.rays.map((r) => (
                    <line
                      key={r.id}
                      data-role="pred-ray"
                      data-result={r.id}
                      data-angle={r.value}
                      data-drawn={r.fan.drawn}
                      data-together={r.fan.together}
                      x1={l.at.x}
                      y1={l.at.y}
                      x2={r.end.x}
                      y2={r.end.y}
                      style={{ stroke: color.get(r.id), strokeWidth: unit * 0.7, strokeDasharray: `${unit * 2} ${unit}` }}
                    />
                  ))}
                  {l.truthEnd ? (
                    <line
                      data-role="truth-ray"
                      x1={l.at.x}
                      y1={l.at.y}
                      x2={l.truthEnd.x}
                      y2={l.truthEnd.y}
                      style={{ stroke: TRUTH_COLOR, strokeWidth: unit * 0.9 }}
                    />
                  ) : null}
                  {whatIf ? (
                    <WhatIfRay from={l.at} to={rayToEdge(l.at, g!.agent!.heading + whatIf.value, w, h)} unit={unit} w={whatIf} />
                  ) : null}
                </g>
                {l.together.map((t) => (
                  <PlacedText
                    key={t.group}
                    label={t.label}
                    unit={unit}
                    color={FG}
                    fontSize={unit * MARK.labelFont * 0.9}
                    boxed
                    role="together-label"
                  >
                    ×{t.count}
                  </PlacedText>
                ))}
                {l.target ? <Target at={l.target.at} label={l.target.label} text={g.target?.label} unit={unit} /> : null}
                <Agent at={l.at} heading={g.agent!.heading} unit={unit} you={l.you} />
              </>
            );
          }}
        </MapImage>
      ) : null}
      <WhatIfCaption w={whatIf} />
      <ErrorList preds={preds} unitText="°" />
      <CoincideNote groups={coincidingGroups(preds)} />
      <Unparsed sample={sample} />
    </div>
  );
}

/** Groups of predicted points that coincide, as the point map fans them out (in [0, 999] units here). */
function coincidingPointGroups(preds: Prediction<Vec>[]): Array<Array<{ label: string; value: string }>> {
  return groupsOf(
    preds,
    fanOutPoints(
      preds.map((p) => p.value),
      COINCIDE_POINT_UNITS,
      1,
    ),
  );
}

function groupsOf(
  preds: Prediction<unknown>[],
  fans: ReadonlyArray<{ together: number; group: number }>,
): Array<Array<{ label: string; value: string }>> {
  const groups = new Map<number, Array<{ label: string; value: string }>>();
  fans.forEach((f, i) => {
    if (f.together > 1)
      groups.set(f.group, [...(groups.get(f.group) ?? []), { label: preds[i].result.label, value: preds[i].result.outcome!.parsedLabel }]);
  });
  return [...groups.values()];
}

/** Groups of predictions that coincide (within COINCIDE_DEG), as the overlays fan them out. */
function coincidingGroups(preds: Prediction<number>[]): Array<Array<{ label: string; value: string }>> {
  return groupsOf(
    preds,
    fanOutAngles(
      preds.map((p) => p.value),
      COINCIDE_DEG,
      FAN_DEG,
    ),
  );
}

function OrientationPanel({ sample, proposal, showWhatIf = true }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber, proposal);
  const whatIf = whatIfOf(sample, showWhatIf, asNumber);
  const g = sample.geometry;
  return (
    <div className="answer-grid">
      {g && g.agent ? (
        <MapImage
          uri={g.topdown.uri}
          relPath={g.topdown.relPath}
          width={g.topdown.width}
          height={g.topdown.height}
          overlay="heading-map"
          margins={(w, h, unit) => headingLayout(g.agent!, w, h, unit).margins}
          caption="Heading dial at your position: up = top of the map, left (counter-clockwise) positive."
        >
          {({ w, h, unit }) => {
            const l = headingLayout(g.agent!, w, h, unit);
            return (
              <>
                <circle
                  cx={l.at.x}
                  cy={l.at.y}
                  r={l.radius}
                  style={{ fill: HALO, fillOpacity: 0.7, stroke: FG, strokeWidth: unit * 0.3 }}
                />
                <DialMarks center={l.at} radius={l.radius} truth={truth} preds={preds} unit={unit * 0.9} whatIf={whatIf} />
                {l.marks.map((m) => (
                  <text
                    key={m.deg}
                    x={m.x}
                    y={m.y}
                    textAnchor="middle"
                    dominantBaseline="central"
                    className="svg-label halo"
                    style={{
                      fill: FG,
                      fontSize: unit * 0.7 * MARK.labelFont,
                      stroke: HALO,
                      strokeWidth: unit * 0.35,
                      paintOrder: 'stroke',
                    }}
                  >
                    {m.text}
                  </text>
                ))}
              </>
            );
          }}
        </MapImage>
      ) : (
        <figure className="dial-figure">
          <DirectionDial truth={truth} preds={preds} mode="heading" whatIf={whatIf} />
          <figcaption className="muted small">
            Heading on the top-down map: up = top of the map, left (counter-clockwise) positive.
          </figcaption>
        </figure>
      )}
      <WhatIfCaption w={whatIf} />
      <ErrorList preds={preds} unitText="°" />
      <CoincideNote groups={coincidingGroups(preds)} />
      <Unparsed sample={sample} />
    </div>
  );
}

function PointPanel({ sample, proposal, showWhatIf = true }: AnswerPanelProps) {
  const truth = asPoint(sample.truthValue);
  const preds = predictions(sample, asPoint, proposal);
  const whatIf = whatIfOf(sample, showWhatIf, asPoint);
  const g = sample.geometry;
  // Real data has no geometry: the top-down image is the one the host tagged as the map.
  const last = sample.images.find((i) => i.role === 'map');
  const map = g
    ? { uri: g.topdown.uri, relPath: g.topdown.relPath, width: g.topdown.width, height: g.topdown.height }
    : last
      ? { uri: last.uri, relPath: last.relPath }
      : { uri: null, relPath: '(no image)' };
  const distanceText = (p: Prediction<Vec>) => {
    const d = p.result.outcome!.error ?? (truth ? normalizedDistance(truth, p.value) : null);
    return d === null ? null : formatNumber(d);
  };
  const layoutOf = (w: number, h: number, unit: number) =>
    pointLayout(
      truth,
      preds.map((p) => ({ id: p.result.id, value: p.value, distanceText: distanceText(p) })),
      w,
      h,
      unit,
    );
  return (
    <div className="answer-grid">
      <MapImage
        {...map}
        overlay="point-map"
        margins={(w, h, unit) => layoutOf(w, h, unit).margins}
        caption={`Points on [0, ${POINT_SCALE_MAX}] of the top-down image. Rings: 100/150/200/250/300 units (ellipses when the image is not square).`}
      >
        {({ w, h, unit }) => {
          const l = layoutOf(w, h, unit);
          const predOf = new Map(preds.map((p) => [p.result.id, p]));
          return (
            <>
              {l.rings.map((e) => (
                <ellipse
                  key={e.threshold}
                  data-role="threshold-ring"
                  data-threshold={e.threshold}
                  cx={e.cx}
                  cy={e.cy}
                  rx={e.rx}
                  ry={e.ry}
                  style={{
                    fill: 'none',
                    stroke: TRUTH_COLOR,
                    strokeOpacity: 0.8,
                    strokeWidth: unit * 0.3,
                    strokeDasharray: `${unit} ${unit * 0.7}`,
                  }}
                />
              ))}
              {l.ringLabels.map((r) => (
                <text
                  key={r.threshold}
                  data-role="ring-label"
                  x={r.x}
                  y={r.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className="svg-label halo"
                  style={{
                    fill: TRUTH_COLOR,
                    fontSize: unit * MARK.ringFont,
                    stroke: HALO,
                    strokeWidth: unit * 0.35,
                    paintOrder: 'stroke',
                  }}
                >
                  {r.threshold}
                </text>
              ))}
              {l.preds.map((pl) => {
                const p = predOf.get(pl.id)!;
                return (
                  <g key={pl.id} data-role="pred-point" data-result={pl.id}>
                    {l.truth ? (
                      <line
                        data-role="pred-line"
                        x1={l.truth.x}
                        y1={l.truth.y}
                        x2={pl.at.x}
                        y2={pl.at.y}
                        style={{ stroke: p.color, strokeWidth: unit * 0.5 }}
                      />
                    ) : null}
                    <circle
                      cx={pl.drawn.x}
                      cy={pl.drawn.y}
                      r={unit * MARK.predRadius}
                      data-together={pl.together}
                      style={{ fill: p.color, stroke: HALO, strokeWidth: unit * 0.4 }}
                    />
                    {pl.distance ? (
                      <PlacedText label={pl.distance} unit={unit} color={p.color} fontSize={unit * MARK.distanceFont} role="distance-label">
                        {distanceText(p)}
                      </PlacedText>
                    ) : null}
                  </g>
                );
              })}
              {l.together.map((t) => (
                <PlacedText
                  key={t.group}
                  label={t.label}
                  unit={unit}
                  color={FG}
                  fontSize={unit * MARK.distanceFont}
                  boxed
                  role="together-label"
                >
                  {t.text}
                </PlacedText>
              ))}
              {whatIf ? (
                <WhatIfPoint
                  at={normalizedToPixels(whatIf.value, w, h)}
                  from={whatIf.from ? normalizedToPixels(whatIf.from, w, h) : null}
                  unit={unit}
                  w={whatIf}
                />
              ) : null}
              {l.truth ? (
                <g data-role="truth-point">
                  <circle
                    cx={l.truth.x}
                    cy={l.truth.y}
                    r={unit * MARK.truthRadius}
                    style={{ fill: TRUTH_COLOR, stroke: HALO, strokeWidth: unit * MARK.halo }}
                  />
                </g>
              ) : null}
              {g?.agent && sample.subtask?.key !== 'position' ? (
                <Agent
                  at={{ x: (g.agent.x / POINT_SCALE_MAX) * w, y: (g.agent.y / POINT_SCALE_MAX) * h }}
                  heading={g.agent.heading}
                  unit={unit}
                />
              ) : null}
            </>
          );
        }}
      </MapImage>
      <WhatIfCaption w={whatIf} />
      <ErrorList preds={preds} unitText=" units" />
      <CoincideNote groups={coincidingPointGroups(preds)} />
      <Unparsed sample={sample} />
    </div>
  );
}

function DistancePanel({ sample, proposal, showWhatIf = true }: AnswerPanelProps) {
  const truth = asNumber(sample.truthValue);
  const preds = predictions(sample, asNumber, proposal);
  const whatIf = whatIfOf(sample, showWhatIf, asNumber);
  return (
    <div className="answer-grid wide">
      <DistanceRuler truth={truth} preds={preds} whatIf={whatIf} />
      <WhatIfCaption w={whatIf} />
      <p className="muted small">
        Shaded: the bands of predictions that pass each of the 10 MRA thresholds θ = 0.50 … 0.95 (|pred − truth| &lt; (1 − θ)·truth); darker
        = passes more.
      </p>
      <ErrorList preds={preds} unitText="" format={(e) => `${(e * 100).toFixed(1)}% relative`} />
      <Unparsed sample={sample} />
    </div>
  );
}

function ChoicePanel({ sample, onEnlarge, proposal }: AnswerPanelProps) {
  return (
    <div className="answer-grid wide">
      <ChoiceGrid
        images={sample.images}
        truth={asLetter(sample.truthValue)}
        preds={predictions(sample, asLetter, proposal)}
        onEnlarge={onEnlarge}
      />
      <Unparsed sample={sample} />
    </div>
  );
}

/** The overlay for the question's answer kind: predicted versus true. */
export function AnswerPanel(props: AnswerPanelProps) {
  const { sample } = props;
  let body: React.ReactNode;
  if (sample.kind === 'angle')
    body = sample.subtask?.key === 'orientation' ? <OrientationPanel {...props} /> : <DirectionPanel {...props} />;
  else if (sample.kind === 'distance') body = <DistancePanel {...props} />;
  else if (sample.kind === 'point') body = <PointPanel {...props} />;
  else if (sample.kind === 'choice') body = <ChoicePanel {...props} />;
  else body = <p className="muted">Unknown task “{sample.task}”: no overlay.</p>;
  return (
    <section className="card answer-panel" data-role="answer-panel" data-kind={sample.kind ?? 'other'}>
      <h2>Prediction vs truth</h2>
      <OverlayLegend sample={sample} show={props.showWhatIf !== false} onShow={(show) => props.onShowWhatIf?.(show)} />
      {body}
    </section>
  );
}
