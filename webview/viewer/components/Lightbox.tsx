import React, { useEffect, useRef } from 'react';
import { Button } from '../../ui';

export interface LightboxImage {
  uri: string;
  caption: string;
}

/** An enlarged image over the page; Escape or a click outside closes it. */
export function Lightbox({ image, onClose }: { image: LightboxImage; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-label={image.caption}
      tabIndex={-1}
      ref={box}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      data-role="lightbox"
    >
      <figure>
        <img src={image.uri} alt={image.caption} />
        <figcaption>
          {image.caption}{' '}
          <Button onClick={onClose} title="Close (Escape)">
            Close
          </Button>
        </figcaption>
      </figure>
    </div>
  );
}
