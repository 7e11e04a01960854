// Where each mark and label of the map overlays goes (pure, no DOM): the point map, the direction map and
// the heading map. The components draw what these return; unit tests check that nothing is cut or collides.
import {
  boxAround,
  fanOutAngles,
  fanOutPoints,
  marginsToContain,
  placeLabels,
  segmentBoxes,
  labelSize,
  type Box,
  type FannedAngle,
  type Margins,
  type PlacedLabel,
} from '../../../src/shared/overlayLayout';
import { normalizedToPixels, pointAt, rayToEdge, thresholdRings, type Ellipse, type Vec } from './geometry';

/** Mark and text sizes, in `unit`s (1% of the map's larger side). */
export const MARK = {
  predRadius: 1.5,
  truthRadius: 1.8,
  halo: 0.5,
  agentRadius: 1.8,
  agentWedge: 6,
  targetHalf: 2,
  ringFont: 1.9,
  labelFont: 3.2,
  distanceFont: 2.6,
  pad: 1.5,
} as const;

/** Predictions closer than this draw as one ray; they are fanned out and marked "×n". */
export const COINCIDE_DEG = 3;
/** The fan's spacing between coinciding rays. */
export const FAN_DEG = 4;
/** Predicted points closer than this, in [0, 999] units, are named together below the map (their marks would touch). */
export const COINCIDE_POINT_UNITS = 30;

export interface PointLayout {
  truth: Vec | null;
  rings: Ellipse[];
  ringLabels: Array<{ threshold: number; x: number; y: number; box: Box }>;
  /** `at` is where the prediction is, `drawn` where its mark goes (apart from a prediction of the same point). */
  preds: Array<{ id: string; at: Vec; drawn: Vec; together: number; distance: PlacedLabel | null }>;
  /** One "×n" label per group of coinciding points; "×n · d" when they share the distance d (one label, not n on top of each other). */
  together: Array<{ group: number; count: number; text: string; label: PlacedLabel }>;
  margins: Margins;
}

/** Truth, rings with their labels on top, predicted points and their distance labels (kept off the rest). */
export function pointLayout(
  truth: Vec | null,
  preds: ReadonlyArray<{ id: string; value: Vec; distanceText: string | null }>,
  w: number,
  h: number,
  unit: number,
): PointLayout {
  const tp = truth ? normalizedToPixels(truth, w, h) : null;
  const rings = truth ? thresholdRings(truth, w, h) : [];
  const ringFont = unit * MARK.ringFont;
  const ringLabels = rings.map((e) => {
    const { w: lw, h: lh } = labelSize(String(e.threshold), ringFont);
    return { threshold: e.threshold, x: e.cx, y: e.cy - e.ry, box: boxAround(e.cx, e.cy - e.ry, lw / 2, lh / 2) };
  });
  const located = preds.map((p) => normalizedToPixels(p.value, w, h));
  const fans = fanOutPoints(
    located,
    COINCIDE_POINT_UNITS,
    unit * MARK.predRadius * 1.2,
    preds.map((p) => p.value),
  );
  const points = preds.map((p, i) => ({ id: p.id, at: located[i], drawn: fans[i].drawn, fan: fans[i], text: p.distanceText }));
  const marks: Box[] = [
    ...rings.map((e) => ({ x0: e.cx - e.rx, y0: e.cy - e.ry, x1: e.cx + e.rx, y1: e.cy + e.ry })),
    ...ringLabels.map((l) => l.box),
    ...points.map((p) => boxAround(p.drawn.x, p.drawn.y, unit * (MARK.predRadius + MARK.halo))),
    ...(tp ? [boxAround(tp.x, tp.y, unit * (MARK.truthRadius + MARK.halo))] : []),
  ];
  const first = marginsToContain(marks, w, h, unit * MARK.pad);
  const bounds = { x0: -first.left, y0: -first.top, x1: w + first.right, y1: h + first.bottom };
  const obstacles = [...ringLabels.map((l) => l.box), ...marks.slice(rings.length + ringLabels.length)];
  const groups = [...new Set(points.filter((p) => p.fan.together > 1).map((p) => p.fan.group))];
  const sharedDistance = new Map(
    groups.flatMap((g) => {
      const texts = new Set(points.filter((p) => p.fan.group === g).map((p) => p.text));
      const [only] = texts;
      return texts.size === 1 && only !== null ? [[g, only] as const] : [];
    }),
  );
  const togetherText = (g: number, count: number) => (sharedDistance.has(g) ? `×${count} · ${sharedDistance.get(g)}` : `×${count}`);
  const requests = [
    ...groups.map((g) => {
      const first = points.find((p) => p.fan.group === g)!;
      return {
        id: `together-${g}`,
        text: togetherText(g, first.fan.together),
        anchor: first.at,
        fontSize: unit * MARK.distanceFont,
        gap: unit * MARK.predRadius * 2.6,
      };
    }),
    ...(tp
      ? points
          .filter((p) => p.text !== null && !(p.fan.together > 1 && sharedDistance.has(p.fan.group)))
          .map((p) => ({
            id: p.id,
            text: p.text!,
            anchor: { x: (tp.x + p.at.x) / 2, y: (tp.y + p.at.y) / 2 },
            fontSize: unit * MARK.distanceFont,
            gap: unit * 0.6,
          }))
      : []),
  ];
  const placed = new Map(placeLabels(requests, obstacles, bounds).map((l) => [l.id, l]));
  const margins = marginsToContain([...marks, ...[...placed.values()].map((l) => l.box)], w, h, unit * MARK.pad);
  return {
    truth: tp,
    rings,
    ringLabels,
    preds: points.map((p) => ({ id: p.id, at: p.at, drawn: p.drawn, together: p.fan.together, distance: placed.get(p.id) ?? null })),
    together: groups.map((g) => {
      const count = points.find((p) => p.fan.group === g)!.fan.together;
      return { group: g, count, text: togetherText(g, count), label: placed.get(`together-${g}`)! };
    }),
    margins,
  };
}

export interface Ray {
  id: string;
  value: number;
  fan: FannedAngle;
  end: Vec;
}

export interface DirectionLayout {
  at: Vec;
  truthEnd: Vec | null;
  rays: Ray[];
  /** One "×n" label per group of coinciding rays, near the group's far end. */
  together: Array<{ group: number; count: number; label: PlacedLabel }>;
  you: PlacedLabel;
  target: { at: Vec; label: PlacedLabel | null } | null;
  margins: Margins;
}

/**
 * The direction map: rays from the agent to the map's edge (never into the margin), coinciding predictions
 * fanned out, and the labels ("you", the target's name, "×n") kept off the rays and the marks.
 */
export function directionLayout(
  agent: { x: number; y: number; heading: number },
  target: { x: number; y: number; label?: string } | null,
  truth: number | null,
  preds: ReadonlyArray<{ id: string; value: number }>,
  w: number,
  h: number,
  unit: number,
): DirectionLayout {
  const at = normalizedToPixels(agent, w, h);
  const ray = (deg: number) => rayToEdge(at, agent.heading + deg, w, h);
  const fans = fanOutAngles(
    preds.map((p) => p.value),
    COINCIDE_DEG,
    FAN_DEG,
  );
  const rays = preds.map((p, i) => ({ id: p.id, value: p.value, fan: fans[i], end: ray(fans[i].drawn) }));
  const truthEnd = truth === null ? null : ray(truth);
  const tp = target ? normalizedToPixels(target, w, h) : null;
  const agentBox = boxAround(at.x, at.y, unit * (MARK.agentWedge + MARK.halo));
  const marks: Box[] = [agentBox, ...(tp ? [boxAround(tp.x, tp.y, unit * (MARK.targetHalf + MARK.halo))] : [])];
  const rayBoxes = [...rays.map((r) => r.end), ...(truthEnd ? [truthEnd] : [])].flatMap((end) => segmentBoxes(at, end, unit * 0.8));
  const first = marginsToContain(marks, w, h, unit * MARK.pad);
  const bounds = { x0: -first.left, y0: -first.top, x1: w + first.right, y1: h + first.bottom };
  const font = unit * MARK.labelFont;
  const requests = [
    ...(tp && target?.label ? [{ id: 'target', text: target.label, anchor: tp, fontSize: font, gap: unit * (MARK.targetHalf + 0.8) }] : []),
    { id: 'you', text: 'you', anchor: at, fontSize: font, gap: unit * (MARK.agentWedge + 0.5) },
  ];
  const groups = [...new Set(rays.filter((r) => r.fan.together > 1).map((r) => r.fan.group))];
  for (const g of groups) {
    const far = rays.filter((r) => r.fan.group === g);
    const end = far[Math.floor(far.length / 2)].end;
    // Just inside the map from the rays' end, where the fan is widest.
    const back = { x: end.x + (at.x - end.x) * 0.12, y: end.y + (at.y - end.y) * 0.12 };
    requests.push({ id: `together-${g}`, text: `×${far.length}`, anchor: back, fontSize: font * 0.9, gap: unit * 1.2 });
  }
  const placed = placeLabels(requests, [...marks, ...rayBoxes], bounds);
  const byId = new Map(placed.map((l) => [l.id, l]));
  const margins = marginsToContain([...marks, ...placed.map((l) => l.box)], w, h, unit * MARK.pad);
  return {
    at,
    truthEnd,
    rays,
    together: groups.map((g) => ({ group: g, count: rays.filter((r) => r.fan.group === g).length, label: byId.get(`together-${g}`)! })),
    you: byId.get('you')!,
    target: tp ? { at: tp, label: byId.get('target') ?? null } : null,
    margins,
  };
}

/** The heading map: the dial around the agent and its 0° / ±90° labels, with the margins they need. */
export function headingLayout(
  agent: { x: number; y: number },
  w: number,
  h: number,
  unit: number,
): { at: Vec; radius: number; marks: Array<{ deg: number; text: string; x: number; y: number }>; margins: Margins } {
  const at = normalizedToPixels(agent, w, h);
  const radius = Math.min(w, h) * 0.22;
  const font = unit * 0.7 * MARK.labelFont;
  const marks = (
    [
      [0, '0°'],
      [90, '+90°'],
      [-90, '−90°'],
    ] as const
  ).map(([deg, text]) => {
    const p = pointAt(at, deg, radius + unit * 1.2 + labelSize(text, font).w / 2);
    return { deg, text, x: p.x, y: deg === 0 ? p.y - unit * 1.5 : p.y };
  });
  const boxes = [
    boxAround(at.x, at.y, radius + unit),
    ...marks.map((m) => boxAround(m.x, m.y, labelSize(m.text, font).w / 2, labelSize(m.text, font).h / 2)),
  ];
  return { at, radius, marks, margins: marginsToContain(boxes, w, h, unit * MARK.pad) };
}
