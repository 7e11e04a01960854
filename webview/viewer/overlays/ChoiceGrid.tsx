import React from 'react';
import { CHOICE_LETTERS } from '../../../src/shared/scoring/constants';
import type { MediaView } from '../../../src/shared/protocol';
import { TRUTH_COLOR } from '../../common/theme';
import type { Prediction } from './predictions';

export interface ChoiceGridProps {
  images: MediaView[];
  truth: string | null;
  preds: Prediction<string>[];
  onEnlarge: (image: MediaView, caption: string) => void;
}

/** The four candidates in a 2x2 grid with letters; the correct one outlined green, each file's pick marked in its colour. */
export function ChoiceGrid({ images, truth, preds, onEnlarge }: ChoiceGridProps) {
  return (
    <div className="choice-grid" data-overlay="choice-grid">
      {CHOICE_LETTERS.map((letter, i) => {
        const img = images[i];
        const correct = truth === letter;
        const picks = preds.filter((p) => p.value === letter);
        return (
          <div
            key={letter}
            className={`choice${correct ? ' correct' : ''}`}
            data-letter={letter}
            data-correct={correct || undefined}
            style={correct ? { outlineColor: TRUTH_COLOR } : undefined}
          >
            <div className="choice-head">
              <span className="choice-letter">{letter}</span>
              {correct ? (
                <span className="choice-truth" style={{ color: TRUTH_COLOR }} data-role="choice-truth">
                  ✓ correct
                </span>
              ) : null}
              {picks.map((p) => (
                <span
                  key={p.result.id}
                  className="choice-pick"
                  data-role="choice-pick"
                  data-result={p.result.id}
                  style={{ borderColor: p.color, color: p.color }}
                >
                  ● {p.result.label}
                </span>
              ))}
            </div>
            {img?.uri ? (
              <button
                type="button"
                className="choice-image"
                onClick={() => onEnlarge(img, `Option ${letter}: ${img.relPath}`)}
                title={`Enlarge option ${letter}`}
              >
                <img src={img.uri} alt={`Option ${letter}: ${img.relPath}`} />
              </button>
            ) : (
              <div className="map-missing">
                {img ? (
                  <>
                    missing image: <code>{img.relPath}</code>
                  </>
                ) : (
                  'no image for this option'
                )}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
