import React from 'react';
import type { MediaView } from '../../../src/shared/protocol';
import { Button } from '../../ui';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

export interface QueryViewProps {
  image: MediaView;
  zoom: number;
  onZoom: (zoom: number) => void;
  onEnlarge: () => void;
}

function nextZoom(zoom: number, delta: number): number {
  const at = ZOOM_STEPS.findIndex((z) => z >= zoom - 1e-9);
  const i = Math.min(Math.max((at < 0 ? ZOOM_STEPS.length - 1 : at) + delta, 0), ZOOM_STEPS.length - 1);
  return ZOOM_STEPS[i];
}

/** The question's query view ("Your current view is"), at its natural aspect ratio, zoomable. */
export function QueryView({ image, zoom, onZoom, onEnlarge }: QueryViewProps) {
  return (
    <section className="card" data-role="query-view">
      <h2>
        Query view <span className="muted small">{image.relPath}</span>
      </h2>
      <div className="zoom-controls" role="group" aria-label="Zoom">
        <Button appearance="icon" title="Zoom out" aria-label="Zoom out" onClick={() => onZoom(nextZoom(zoom, -1))}>
          <span className="icon-text">−</span>
        </Button>
        <span data-role="zoom">{Math.round(zoom * 100)}%</span>
        <Button appearance="icon" title="Zoom in" aria-label="Zoom in" onClick={() => onZoom(nextZoom(zoom, 1))}>
          <span className="icon-text">+</span>
        </Button>
        <Button appearance="icon" title="Fit to width" aria-label="Fit" onClick={() => onZoom(1)}>
          <span className="icon-text">⤢</span>
        </Button>
      </div>
      {image.uri ? (
        <div
          className="zoom-box"
          onWheel={(e) => {
            if (!e.ctrlKey) return;
            e.preventDefault();
            onZoom(nextZoom(zoom, e.deltaY < 0 ? 1 : -1));
          }}
        >
          <img
            src={image.uri}
            alt={`Query view ${image.relPath}`}
            style={{ width: `${zoom * 100}%` }}
            onDoubleClick={onEnlarge}
            title="Double-click to enlarge"
          />
        </div>
      ) : (
        <div className="panel warning-panel">
          missing image: <code>{image.relPath}</code>
        </div>
      )}
    </section>
  );
}
