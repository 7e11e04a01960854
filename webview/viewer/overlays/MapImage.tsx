import React, { useEffect, useId, useState } from 'react';
import { NO_MARGINS, type Margins } from '../../../src/shared/overlayLayout';

export interface MapDrawing {
  /** Image size in pixels: the overlay's coordinates. */
  w: number;
  h: number;
  /** 1% of the larger side, for marker and text sizes. */
  unit: number;
  /** A clip-path value that keeps a mark inside the image (rays stop at the map's edge, not in the margin). */
  clipToImage: string;
}

export interface MapImageProps {
  uri: string | null;
  relPath: string;
  /** Known pixel size (from geometry); otherwise read from the image once it loads. */
  width?: number;
  height?: number;
  overlay: string;
  caption?: React.ReactNode;
  onEnlarge?: () => void;
  /** Space around the image, in image pixels, that the overlay may draw into; from the marks it draws. */
  margins?: (w: number, h: number, unit: number) => Margins;
  /** Draws in the image's pixel space. */
  children: (d: MapDrawing) => React.ReactNode;
}

/**
 * An image with an SVG layered over it in the image's own pixel coordinates, so overlays scale with it. The
 * SVG reaches into a margin around the image (padding of the same scale), so marks at the edge show whole,
 * and the margin frames the map in the theme's background.
 */
export function MapImage({ uri, relPath, width, height, overlay, caption, onEnlarge, margins, children }: MapImageProps) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(width && height ? { w: width, h: height } : null);
  useEffect(() => setNatural(width && height ? { w: width, h: height } : null), [uri, width, height]);
  const clipId = `map-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // A missing image still gets a frame (square unless the size is known), so the marks stay readable.
  const size = natural ?? (uri ? null : { w: width ?? 1000, h: height ?? 1000 });
  const unit = size ? Math.max(size.w, size.h) / 100 : 1;
  const m = size && margins ? margins(size.w, size.h, unit) : NO_MARGINS;
  const total = size ? size.w + m.left + m.right : 1;
  // Padding percentages are of the width on every side; the image's pixels scale by (stack width / total).
  const pct = (v: number) => `${(v / total) * 100}%`;
  return (
    <figure className="map" data-overlay-host={overlay}>
      <div
        className="map-stack"
        data-margins={`${m.left},${m.top},${m.right},${m.bottom}`}
        style={{ padding: `${pct(m.top)} ${pct(m.right)} ${pct(m.bottom)} ${pct(m.left)}` }}
      >
        {uri ? (
          <img
            src={uri}
            alt={`Top-down image ${relPath}`}
            // A known size reserves the image's box before it arrives, so the marks over it do not jump.
            width={width ?? undefined}
            height={height ?? undefined}
            onLoad={(e) => {
              if (!(width && height)) setNatural({ w: e.currentTarget.naturalWidth || 1000, h: e.currentTarget.naturalHeight || 1000 });
            }}
            onDoubleClick={onEnlarge}
          />
        ) : (
          <div className="map-missing" style={size ? { aspectRatio: `${size.w} / ${size.h}` } : undefined}>
            top-down image missing: <code>{relPath}</code>
          </div>
        )}
        {size ? (
          <svg
            className="overlay-svg"
            data-overlay={overlay}
            viewBox={`${-m.left} ${-m.top} ${size.w + m.left + m.right} ${size.h + m.top + m.bottom}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${overlay} overlay`}
          >
            <defs>
              <clipPath id={clipId}>
                <rect x={0} y={0} width={size.w} height={size.h} />
              </clipPath>
            </defs>
            {children({ w: size.w, h: size.h, unit, clipToImage: `url(#${clipId})` })}
          </svg>
        ) : null}
      </div>
      {caption ? <figcaption className="muted small">{caption}</figcaption> : null}
    </figure>
  );
}
