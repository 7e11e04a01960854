import React from 'react';
import type { MediaView, SampleView } from '../../../src/shared/protocol';

export interface PromptProps {
  /** A sample, or blind mode's question with neutral labels as `relPath`. */
  sample: Pick<SampleView, 'prompt'> & { video: Pick<MediaView, 'relPath' | 'exists'> | null; images: MediaView[] };
  onEnlarge: (image: MediaView, caption: string) => void;
  onJumpToVideo: () => void;
}

/** The prompt in the order the model saw it: texts[0], the video, then texts[i] followed by images[i-1]. */
export function Prompt({ sample, onEnlarge, onJumpToVideo }: PromptProps) {
  return (
    <section className="card prompt" data-role="prompt">
      <h2>Prompt as the model saw it</h2>
      <div className="prompt-parts">
        {sample.prompt.map((part, i) => {
          if (part.type === 'text') {
            return (
              <p key={i} className="prompt-text">
                {part.text}
              </p>
            );
          }
          if (part.type === 'video') {
            const v = sample.video;
            return (
              <button
                key={i}
                type="button"
                className="thumb video-thumb"
                onClick={onJumpToVideo}
                title="Jump to the player"
                data-role="prompt-video"
              >
                <span className="thumb-icon">▶</span>
                <span>{v ? v.relPath : 'video'}</span>
                {v && !v.exists ? <span className="missing-tag">missing</span> : null}
              </button>
            );
          }
          const img = sample.images[part.index];
          if (!img) return null;
          const caption = `Image ${part.index + 1}: ${img.relPath}`;
          return img.uri ? (
            <button
              key={i}
              type="button"
              className="thumb image-thumb"
              onClick={() => onEnlarge(img, caption)}
              title={`Enlarge ${img.relPath}`}
              data-role="prompt-image"
            >
              <img src={img.uri} alt={caption} loading="lazy" />
            </button>
          ) : (
            <span key={i} className="thumb missing" data-role="prompt-image-missing">
              missing image: <code>{img.relPath}</code>
            </span>
          );
        })}
      </div>
    </section>
  );
}
