import React, { useEffect, useState } from 'react';

export interface MapImageProps {
  uri: string | null;
  relPath: string;
  /** Known pixel size (from geometry); otherwise read from the image once it loads. */
  width?: number;
  height?: number;
  overlay: string;
  caption?: React.ReactNode;
  onEnlarge?: () => void;
  /** Draws in the image's pixel space; `unit` is 1% of the larger side, for marker and text sizes. */
  children: (w: number, h: number, unit: number) => React.ReactNode;
}

/** An image with an SVG layered over it in the image's own pixel coordinates, so overlays scale with it. */
export function MapImage({ uri, relPath, width, height, overlay, caption, onEnlarge, children }: MapImageProps) {
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(width && height ? { w: width, h: height } : null);
  useEffect(() => setNatural(width && height ? { w: width, h: height } : null), [uri, width, height]);
  // A missing image still gets a frame (square unless the size is known), so the marks stay readable.
  const size = natural ?? (uri ? null : { w: width ?? 1000, h: height ?? 1000 });
  return (
    <figure className="map" data-overlay-host={overlay}>
      <div className="map-stack" style={size && !uri ? { aspectRatio: `${size.w} / ${size.h}` } : undefined}>
        {uri ? (
          <img
            src={uri}
            alt={`Top-down image ${relPath}`}
            onLoad={(e) => {
              if (!(width && height)) setNatural({ w: e.currentTarget.naturalWidth || 1000, h: e.currentTarget.naturalHeight || 1000 });
            }}
            onDoubleClick={onEnlarge}
          />
        ) : (
          <div className="map-missing">
            top-down image missing: <code>{relPath}</code>
          </div>
        )}
        {size ? (
          <svg className="overlay-svg" data-overlay={overlay} viewBox={`0 0 ${size.w} ${size.h}`} preserveAspectRatio="none" role="img" aria-label={`${overlay} overlay`}>
            {children(size.w, size.h, Math.max(size.w, size.h) / 100)}
          </svg>
        ) : null}
      </div>
      {caption ? <figcaption className="muted small">{caption}</figcaption> : null}
    </figure>
  );
}
