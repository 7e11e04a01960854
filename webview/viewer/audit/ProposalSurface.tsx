// Around the answer overlay: a click on the point map, or a press and drag on a dial, proposes that answer for
// the audit. Other clicks (enlarging an image, the links) pass through untouched.
import React, { useRef, useState } from 'react';
import { formatTypedAnswer, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import type { SampleView } from '../../../src/shared/protocol';
import { answerFromPointer, POINTER_OVERLAYS } from './pointerAnswer';
import type { AuditControls } from './useAudit';

const OVERLAY_SELECTOR = POINTER_OVERLAYS.map((o) => `svg[data-overlay="${o}"]`).join(', ');

export function ProposalSurface({ sample, audit, children }: { sample: SampleView; audit: AuditControls; children: React.ReactNode }) {
  const dragging = useRef<{ svg: SVGSVGElement; pointer: number } | null>(null);
  /** The angle under the pointer while a dial is dragged. */
  const [live, setLive] = useState<TypedAnswer | null>(null);
  const answerAt = (svg: SVGSVGElement, e: React.PointerEvent) => answerFromPointer(svg, e.clientX, e.clientY, sample.geometry);
  return (
    <div
      className="proposal-surface"
      data-role="proposal-surface"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        // Map overlays let the pointer through to their image (for the double-click that enlarges it).
        const target = e.target as Element;
        const svg = (target.closest?.(OVERLAY_SELECTOR) ??
          target.closest?.('.map-stack')?.querySelector(OVERLAY_SELECTOR)) as SVGSVGElement | null;
        if (!svg) return;
        const overlay = svg.getAttribute('data-overlay');
        // The point map takes a click; dials follow the drag and save where it ends.
        if (overlay !== 'point-map') {
          dragging.current = { svg, pointer: e.pointerId };
          svg.setPointerCapture?.(e.pointerId);
        }
        // No preventDefault: the press also gives the viewer keyboard focus, so 1..7 work right after it.
        const a = answerAt(svg, e);
        if (a && overlay === 'point-map') audit.propose(a);
      }}
      onPointerMove={(e) => {
        const d = dragging.current;
        if (!d || d.pointer !== e.pointerId) return;
        setLive(answerAt(d.svg, e));
      }}
      onPointerUp={(e) => {
        const d = dragging.current;
        if (!d || d.pointer !== e.pointerId) return;
        dragging.current = null;
        setLive(null);
        const a = answerAt(d.svg, e);
        if (a) audit.propose(a);
      }}
      onPointerCancel={() => {
        dragging.current = null;
        setLive(null);
      }}
    >
      {live ? (
        <p className="drag-answer" data-role="drag-answer" role="status">
          Proposing {formatTypedAnswer(live)}: release to save
        </p>
      ) : null}
      {children}
    </div>
  );
}
