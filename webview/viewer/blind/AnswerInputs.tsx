// The answer inputs of blind mode, in each overlay's own terms: an arrow dragged on the direction dial, a heading
// dragged on the map, a click on the map, meters typed, a candidate clicked. Each reports a typed answer
// (src/shared/answers/inputs.ts turns the gesture into it), never a string.
import React, { useRef, useState } from 'react';
import { angleFromPointer, distanceFromText, pointFromClick, wholeDegrees } from '../../../src/shared/answers/inputs';
import type { TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import { normalizedToDrawing } from '../../../src/shared/geometry';
import { MAP_HALO, MAP_INK } from '../../../src/shared/palette';
import type { BlindMediaView, BlindQuestionView } from '../../../src/shared/protocol/blind';
import { CHOICE_LETTERS } from '../../../src/shared/scoring/constants';
import { DirectionDial } from '../overlays/DirectionDial';
import { pointAt, type Vec } from '../overlays/geometry';

type Angle = Extract<TypedAnswer, { kind: 'angle' }>;
type Point = Extract<TypedAnswer, { kind: 'point' }>;

const FG = 'var(--vscode-foreground)';

/** Where a pointer event falls in an element's own drawing units (its viewBox of `w` x `h`). */
function localPoint(e: React.PointerEvent<Element>, w: number, h: number): Vec {
  const r = e.currentTarget.getBoundingClientRect();
  return { x: ((e.clientX - r.left) / r.width) * w, y: ((e.clientY - r.top) / r.height) * h };
}

/** Pointer down then drag: `onPoint` on the press and on every move while pressed. */
function useDrag(onPoint: (e: React.PointerEvent<SVGSVGElement>) => void) {
  const dragging = useRef(false);
  return {
    onPointerDown: (e: React.PointerEvent<SVGSVGElement>) => {
      dragging.current = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      onPoint(e);
    },
    onPointerMove: (e: React.PointerEvent<SVGSVGElement>) => {
      if (dragging.current) onPoint(e);
    },
    onPointerUp: () => {
      dragging.current = false;
    },
    onPointerCancel: () => {
      dragging.current = false;
    },
  };
}

/** Arrow keys turn an angle by 1° (Shift: 15°), so the dial works without a pointer too. */
function angleKeys(value: number | null, onChange: (a: Angle) => void) {
  return (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 15 : 1;
    const turn = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? step : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? -step : 0;
    if (turn === 0) return;
    e.preventDefault();
    e.stopPropagation();
    onChange({ kind: 'angle', value: wholeDegrees((value ?? 0) + turn) });
  };
}

function Arrow({
  from,
  deg,
  length,
  color,
  halo,
  width,
}: {
  from: Vec;
  deg: number;
  length: number;
  color: string;
  halo?: string;
  width: number;
}) {
  const tip = pointAt(from, deg, length);
  const l = pointAt(tip, deg + 150, width * 4);
  const r = pointAt(tip, deg - 150, width * 4);
  return (
    <g data-role="answer-arrow" data-angle={deg}>
      {halo ? <line x1={from.x} y1={from.y} x2={tip.x} y2={tip.y} style={{ stroke: halo, strokeWidth: width * 2.2 }} /> : null}
      <line x1={from.x} y1={from.y} x2={tip.x} y2={tip.y} style={{ stroke: color, strokeWidth: width }} />
      <polygon
        points={`${tip.x},${tip.y} ${l.x},${l.y} ${r.x},${r.y}`}
        style={{ fill: color, stroke: halo ?? 'none', strokeWidth: halo ? width * 0.6 : 0 }}
      />
    </g>
  );
}

/**
 * The direction dial (the viewer's own, without truth or predictions) with a surface over it: up = your current
 * viewing direction, left turns positive; drag the arrow to answer.
 */
export function DialInput({ value, onChange }: { value: number | null; onChange: (a: Angle) => void }) {
  const size = 300; // DirectionDial's viewBox
  const c = { x: size / 2, y: size / 2 };
  const drag = useDrag((e) => {
    const p = localPoint(e, size, size);
    const a = angleFromPointer(p.x - c.x, p.y - c.y);
    if (a) onChange(a);
  });
  return (
    <div className="blind-dial-box">
      <DirectionDial truth={null} preds={[]} mode="egocentric" />
      <svg
        className="blind-dial"
        data-input="direction-dial"
        viewBox={`0 0 ${size} ${size}`}
        role="slider"
        tabIndex={0}
        aria-label="Direction: drag the arrow; left turns are positive"
        aria-valuemin={-179}
        aria-valuemax={180}
        aria-valuenow={value ?? undefined}
        onKeyDown={angleKeys(value, onChange)}
        {...drag}
      >
        <rect x={0} y={0} width={size} height={size} style={{ fill: 'transparent' }} />
        {value !== null ? <Arrow from={c} deg={value} length={92} color={FG} width={3} /> : null}
      </svg>
    </div>
  );
}

/** The map image with an SVG over it in the image's pixel units; `children` draws, `onPointer` gets image pixels. */
function MapSurface({
  map,
  input,
  label,
  onPointer,
  drag,
  children,
}: {
  map: BlindQuestionView['map'] & object;
  input: string;
  label: string;
  onPointer: (p: Vec, size: { w: number; h: number }) => void;
  drag: boolean;
  children: (size: { w: number; h: number; unit: number }) => React.ReactNode;
}) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const size = map.width && map.height ? { w: map.width, h: map.height } : natural;
  const handle = (e: React.PointerEvent<SVGSVGElement>) => size && onPointer(localPoint(e, size.w, size.h), size);
  const dragHandlers = useDrag(handle);
  return (
    <figure className="map blind-map" data-input={input}>
      <div className="map-stack">
        {map.uri ? (
          <img
            src={map.uri}
            alt={map.label}
            // A known size reserves the map's box before the image arrives, so the surface over it takes clicks then.
            width={map.width ?? undefined}
            height={map.height ?? undefined}
            draggable={false}
            onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth || 1000, h: e.currentTarget.naturalHeight || 1000 })}
          />
        ) : (
          <div className="map-missing">the top-down image is missing</div>
        )}
        {size ? (
          <svg
            className="overlay-svg blind-surface"
            viewBox={`0 0 ${size.w} ${size.h}`}
            preserveAspectRatio="none"
            role="application"
            aria-label={label}
            {...(drag ? dragHandlers : { onPointerDown: handle })}
          >
            {children({ ...size, unit: Math.max(size.w, size.h) / 100 })}
          </svg>
        ) : null}
      </div>
    </figure>
  );
}

/** Point questions: click where on the top-down image; a cross marks the answer, on [0, 999] each axis. */
export function MapPointInput({
  map,
  value,
  onChange,
}: {
  map: BlindQuestionView['map'];
  value: Point | null;
  onChange: (p: Point) => void;
}) {
  if (!map) return <p className="muted">This question has no top-down image to click on.</p>;
  return (
    <MapSurface
      map={map}
      input="point-map"
      label="Top-down image: click where the answer is"
      drag={false}
      onPointer={(p, s) => {
        const a = pointFromClick(p.x, p.y, s.w, s.h);
        if (a) onChange(a);
      }}
    >
      {({ w, h, unit }) => {
        if (!value) return null;
        const at = normalizedToDrawing(value, w, h);
        const s = unit * 2.2;
        const cross = `M ${at.x - s} ${at.y} L ${at.x + s} ${at.y} M ${at.x} ${at.y - s} L ${at.x} ${at.y + s}`;
        return (
          <g data-role="answer-point" data-x={value.x} data-y={value.y}>
            <path d={cross} style={{ stroke: MAP_HALO, strokeWidth: unit * 1.3 }} />
            <path d={cross} style={{ stroke: MAP_INK, strokeWidth: unit * 0.6 }} />
            <circle cx={at.x} cy={at.y} r={unit * 1.2} style={{ fill: 'none', stroke: MAP_INK, strokeWidth: unit * 0.4 }} />
          </g>
        );
      }}
    </MapSurface>
  );
}

/** Orientation questions: drag the heading on the map (up = the map's top, counter-clockwise positive). */
export function HeadingMapInput({
  map,
  value,
  onChange,
}: {
  map: BlindQuestionView['map'];
  value: number | null;
  onChange: (a: Angle) => void;
}) {
  if (!map) return <DialInput value={value} onChange={onChange} />;
  return (
    <div
      tabIndex={0}
      role="slider"
      aria-label="Heading"
      aria-valuenow={value ?? undefined}
      onKeyDown={angleKeys(value, onChange)}
      className="blind-heading"
    >
      <MapSurface
        map={map}
        input="heading-map"
        label="Top-down image: drag the heading you face"
        drag
        onPointer={(p, s) => {
          const a = angleFromPointer(p.x - s.w / 2, p.y - s.h / 2);
          if (a) onChange(a);
        }}
      >
        {({ w, h, unit }) => {
          const c = { x: w / 2, y: h / 2 };
          const r = Math.min(w, h) * 0.38;
          const marks: Array<[number, string]> = [
            [0, '0° top'],
            [90, '+90°'],
            [-90, '−90°'],
            [180, '180°'],
          ];
          return (
            <>
              <circle cx={c.x} cy={c.y} r={r} style={{ fill: MAP_HALO, fillOpacity: 0.35, stroke: MAP_INK, strokeWidth: unit * 0.3 }} />
              {marks.map(([deg, text]) => {
                const p = pointAt(c, deg, r - unit * 3.5);
                return (
                  <text
                    key={deg}
                    x={p.x}
                    y={p.y}
                    textAnchor="middle"
                    dominantBaseline="central"
                    className="svg-label"
                    style={{ fill: MAP_INK, fontSize: unit * 2.6, stroke: MAP_HALO, strokeWidth: unit * 0.5, paintOrder: 'stroke' }}
                  >
                    {text}
                  </text>
                );
              })}
              {value !== null ? <Arrow from={c} deg={value} length={r} color={MAP_INK} halo={MAP_HALO} width={unit * 0.6} /> : null}
              <circle cx={c.x} cy={c.y} r={unit * 0.9} style={{ fill: MAP_INK, stroke: MAP_HALO, strokeWidth: unit * 0.3 }} />
            </>
          );
        }}
      </MapSurface>
    </div>
  );
}

/** Distance questions: meters typed; shows what will be written (one decimal) or why it cannot be. */
export function DistanceInput({
  text,
  onText,
  onSubmit,
}: {
  text: string;
  onText: (text: string, answer: TypedAnswer | null) => void;
  onSubmit: () => void;
}) {
  const parsed = text.trim() === '' ? null : distanceFromText(text);
  return (
    <div className="blind-distance">
      <label>
        Distance in meters{' '}
        <input
          type="text"
          inputMode="decimal"
          data-input="distance"
          value={text}
          autoFocus
          onChange={(e) => {
            const v = e.currentTarget.value;
            const a = v.trim() === '' ? null : distanceFromText(v);
            onText(v, a && 'kind' in a ? a : null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSubmit();
            }
          }}
        />
      </label>
      <span className="muted small" data-role="distance-note">
        {parsed === null ? 'one decimal, e.g. 3.5' : 'error' in parsed ? parsed.error : `written as ${parsed.value.toFixed(1)}`}
      </span>
    </div>
  );
}

/** Choice questions: the four candidates; click one or press A–D. */
export function ChoiceInput({
  options,
  value,
  onChange,
  onEnlarge,
}: {
  options: BlindMediaView[];
  value: string | null;
  onChange: (letter: string) => void;
  onEnlarge: (image: BlindMediaView) => void;
}) {
  return (
    <div className="choice-grid blind-choices" data-input="choice">
      {CHOICE_LETTERS.map((letter, i) => {
        const img = options[i];
        const chosen = value === letter;
        return (
          <div key={letter} className={`choice${chosen ? ' chosen' : ''}`} data-letter={letter} data-chosen={chosen || undefined}>
            <button type="button" className="choice-head blind-choice-button" aria-pressed={chosen} onClick={() => onChange(letter)}>
              <span className="choice-letter">{letter}</span>
              <span className="muted small">{chosen ? 'your answer' : `press ${letter}`}</span>
            </button>
            {img?.uri ? (
              <button
                type="button"
                className="choice-image"
                title={`Choose ${letter} (double-click to enlarge)`}
                onClick={() => onChange(letter)}
                onDoubleClick={() => onEnlarge(img)}
              >
                <img src={img.uri} alt={img.label} draggable={false} />
              </button>
            ) : (
              <div className="map-missing">{img ? 'missing image' : 'no image for this option'}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}
