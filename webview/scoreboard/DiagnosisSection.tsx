// The scoreboard's Diagnosis section: per file (collapsible) and subtask, the lines `gst-bench diagnose` prints,
// each class line with a button that shows its questions in the Questions view.
import React, { useState } from 'react';
import type { DiagnosisClass } from '../../src/shared/diagnosis';
import { formatScore } from '../../src/shared/format';
import type { FileDiagnosisView } from '../../src/shared/protocol/diagnosis';
import type { SubtaskKey } from '../../src/shared/subtasks';
import { Button } from '../ui';
import { resultColor } from '../common/theme';

export type ShowQuestions = (file: string, cls: DiagnosisClass, subtask: SubtaskKey) => Promise<number>;

export function DiagnosisSection({
  files,
  onShow,
  onFindTargetFrames,
}: {
  files: readonly FileDiagnosisView[];
  onShow: ShowQuestions;
  /** Runs Find Target Frames in Videos; absent: no button. */
  onFindTargetFrames?: () => void;
}) {
  const [notice, setNotice] = useState<{ file: string; text: string } | null>(null);
  if (files.length === 0) return null;
  const show = (file: string, cls: DiagnosisClass, subtask: SubtaskKey, abbreviation: string) =>
    onShow(file, cls, subtask).then(
      (n) => setNotice({ file, text: `${abbreviation}: ${n} ${n === 1 ? 'question' : 'questions'} shown in the Questions view.` }),
      (e: Error) => setNotice({ file, text: e.message }),
    );
  return (
    <section aria-label="Diagnosis" className="diagnosis" data-role="diagnosis">
      <h2>Diagnosis</h2>
      <p className="muted small">
        Why answers are wrong and what each kind of error costs, as <code>gst-bench diagnose</code> prints it (docs/DIAGNOSIS.md). A line's
        button filters the Questions view on its questions.
      </p>
      {files.map((f) => (
        <details key={f.id} open data-role="diagnosis-file" data-file={f.id}>
          <summary>
            <span className="swatch" style={{ background: resultColor(f.colorIndex) }} />
            <strong>{f.name}</strong> <span className="muted">overall {formatScore(f.overall)}</span>
            {f.pending && <span className="muted"> · diagnosing…</span>}
          </summary>
          {!f.pending && f.subtasks.length === 0 && <p className="muted">Every answer is right: nothing to diagnose.</p>}
          {f.subtasks.map((s) => (
            <div key={s.subtask} className="diagnosis-subtask" data-role="diagnosis-subtask" data-subtask={s.subtask}>
              <h3>
                {s.abbreviation} {formatScore(s.score)}{' '}
                <span className="muted">
                  · {s.n} answers, {s.failed} wrong or partial
                </span>
              </h3>
              <ul>
                {s.lines.map((l, i) => (
                  <li key={i} data-role="diagnosis-line" data-cls={l.cls}>
                    <span className="diagnosis-text">{l.text}</span>
                    {l.cls && (
                      <Button
                        data-action="show-diagnosis-questions"
                        title={`Show these ${l.count} questions of ${f.name} in the Questions view`}
                        onClick={() => void show(f.id, l.cls!, s.subtask, s.abbreviation)}
                      >
                        Show {l.count}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {f.visibilityNote && (
            <p className="muted small" data-role="visibility-coverage">
              {f.visibilityNote}{' '}
              {onFindTargetFrames && f.visibilityIncomplete && (
                <Button
                  data-action="find-target-frames"
                  title="Find the red box in the dataset's EDv, EDistv and GPv videos (ffmpeg)"
                  onClick={onFindTargetFrames}
                >
                  Find Target Frames in Videos
                </Button>
              )}
            </p>
          )}
          {notice?.file === f.id && (
            <p role="status" className="notice" data-role="diagnosis-notice">
              {notice.text}
            </p>
          )}
        </details>
      ))}
    </section>
  );
}
