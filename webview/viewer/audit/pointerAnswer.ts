// A pointer on an overlay turned into a typed answer, in the overlay's own terms: a click on the point map is a
// [0, 999] point; a drag on a direction or heading dial is an angle (0 up, left positive), measured from the
// dial's centre. The overlays draw in their SVG's viewBox units, so the pointer is mapped into those first.
import { angleFromPointer, pointFromClick, wholeDegrees } from '../../../src/shared/answers/inputs';
import type { TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import type { GeometryView } from '../../../src/shared/protocol';
import { normalizedToPixels, type Vec } from '../overlays/geometry';

/** The overlays a pointer can answer on, by their data-overlay name. */
export const POINTER_OVERLAYS = ['point-map', 'direction-dial', 'heading-dial', 'heading-map', 'direction-map'] as const;
export type PointerOverlay = (typeof POINTER_OVERLAYS)[number];

/** The viewBox point under a client position (what the overlay's children draw in). */
export function toViewBox(svg: SVGSVGElement, clientX: number, clientY: number): Vec | null {
  const vb = svg.viewBox.baseVal;
  const box = svg.getBoundingClientRect();
  if (!vb || vb.width <= 0 || vb.height <= 0 || box.width <= 0 || box.height <= 0) return null;
  // preserveAspectRatio none on the maps, square dials: each axis scales on its own either way.
  return { x: vb.x + ((clientX - box.left) / box.width) * vb.width, y: vb.y + ((clientY - box.top) / box.height) * vb.height };
}

/** The image's size inside a map overlay: the viewBox less the margins MapImage records on its stack. */
function mapImageSize(svg: SVGSVGElement): { w: number; h: number } {
  const vb = svg.viewBox.baseVal;
  const m = (svg.parentElement?.getAttribute('data-margins') ?? '0,0,0,0').split(',').map(Number);
  const [left, top, right, bottom] = m.length === 4 && m.every(Number.isFinite) ? m : [0, 0, 0, 0];
  return { w: vb.width - left - right, h: vb.height - top - bottom };
}

/**
 * The answer a pointer at (clientX, clientY) gives on `svg`, an overlay named by its data-overlay; null when
 * the overlay takes no pointer answer (or the pointer is at the dial's very centre).
 */
export function answerFromPointer(svg: SVGSVGElement, clientX: number, clientY: number, geometry: GeometryView | null): TypedAnswer | null {
  const overlay = svg.getAttribute('data-overlay') as PointerOverlay | null;
  const at = toViewBox(svg, clientX, clientY);
  if (!at || !overlay) return null;
  const vb = svg.viewBox.baseVal;
  switch (overlay) {
    case 'point-map': {
      const { w, h } = mapImageSize(svg);
      return pointFromClick(at.x, at.y, w, h);
    }
    case 'direction-dial':
    case 'heading-dial':
      return angleFromPointer(at.x - (vb.x + vb.width / 2), at.y - (vb.y + vb.height / 2));
    case 'heading-map':
    case 'direction-map': {
      const agent = geometry?.agent;
      if (!agent) return null;
      const { w, h } = mapImageSize(svg);
      const centre = normalizedToPixels(agent, w, h);
      const onMap = angleFromPointer(at.x - centre.x, at.y - centre.y);
      if (!onMap || overlay === 'heading-map') return onMap;
      // The direction is egocentric: relative to where the agent looks (its heading on the map).
      return { kind: 'angle', value: wholeDegrees(onMap.value - agent.heading) };
    }
    default:
      return null;
  }
}
