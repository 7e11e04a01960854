import React, { useMemo } from 'react';
import type { VisibilityView } from '../../../src/shared/protocol';
import { frameAtTime, frameAtX, frameTime, nextVisibleStart, timelineLayout } from '../../../src/shared/diagnosis/timeline';
import { uniformFrameIndices } from '../../../src/shared/diagnosis/visibility';
import { TARGET_VISIBLE_COLOR } from '../../common/theme';
import { Button } from '../../ui';

/** The bar's drawing width (its viewBox); the SVG stretches to the card. */
const BAR_WIDTH = 1000;
const BAR = { trackY: 3, trackH: 14, tickY: 21, tickH: 12, seenTickY: 17, height: 36 };

export interface VisibilityTimelineProps {
  view: VisibilityView;
  /** The video's frame rate and duration, for the frame count where the geometry does not give one. */
  fps: number;
  duration: number;
  time: number;
  /** The colour of the sampled frames' ticks: the active result file's, or the foreground. */
  tickColor: string;
  seek: (time: number) => void;
}

const FG = 'var(--vscode-foreground)';

function secondsText(frame: number, fps: number): string {
  return `${(frame / fps).toFixed(1)} s`;
}

/** Under the video: where the target is visible, which frames a model sampled, where the video is; click to seek. */
export function VisibilityTimeline({ view, fps: videoFps, duration, time, tickColor, seek }: VisibilityTimelineProps) {
  const fps = view.fps && view.fps > 0 ? view.fps : videoFps;
  const frames = view.frames ?? Math.max(0, Math.round(duration * fps));
  const sampled = useMemo(
    () =>
      view.sampling.kind === 'list'
        ? view.sampling.frames
        : view.sampling.kind === 'uniform'
          ? uniformFrameIndices(frames, view.sampling.count)
          : [],
    [view.sampling, frames],
  );
  const layout = useMemo(
    () => timelineLayout(frames, view.visible ? { visible: view.visible } : null, sampled, BAR_WIDTH),
    [frames, view.visible, sampled],
  );
  if (frames <= 0)
    return (
      <div className="timeline" data-role="visibility-timeline" data-state="waiting">
        <p className="muted small">Visibility timeline: waiting for the video's length.</p>
      </div>
    );
  const current = Math.min(frames - 1, frameAtTime(time, fps));
  const goTo = (frame: number) => seek(frameTime(Math.min(frames - 1, Math.max(0, frame)), fps));
  const onKey = (e: React.KeyboardEvent) => {
    const visible = view.visible ?? [];
    const moves: Record<string, () => number | undefined> = {
      ArrowLeft: () => current - (e.shiftKey ? 10 : 1),
      ArrowRight: () => current + (e.shiftKey ? 10 : 1),
      Home: () => 0,
      End: () => frames - 1,
      PageUp: () => nextVisibleStart(visible, current, -1),
      PageDown: () => nextVisibleStart(visible, current, 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    e.stopPropagation();
    const to = move();
    if (to !== undefined) goTo(to);
  };
  const inside = layout.visible?.some((s) => current >= s.start && current < s.end) ?? null;
  const sampledHere = sampled.includes(current);
  const never = layout.sampled.length > 0 && layout.seenCount === 0;
  const playX = ((current + 0.5) / frames) * BAR_WIDTH;
  const prev = view.visible ? nextVisibleStart(view.visible, current, -1) : undefined;
  const next = view.visible ? nextVisibleStart(view.visible, current, 1) : undefined;
  return (
    <div
      className="timeline"
      data-role="visibility-timeline"
      data-frames={frames}
      data-fps={fps}
      data-seen={layout.seenCount ?? undefined}
      data-state={view.visible ? 'known' : view.detecting ? 'detecting' : 'unknown'}
      data-source={view.source}
    >
      <div
        className="timeline-bar"
        role="slider"
        tabIndex={0}
        aria-label="Visibility timeline: position in the video"
        aria-valuemin={0}
        aria-valuemax={frames - 1}
        aria-valuenow={current}
        aria-valuetext={`frame ${current}${inside === null ? '' : inside ? ', target visible' : ', target not visible'}${sampledHere ? ', a sampled frame' : ''}`}
        title="Click to seek. Keys: ← → a frame (Shift: 10), PageUp / PageDown the previous / next stretch with the target, Home / End."
        onKeyDown={onKey}
      >
        <svg
          className="timeline-svg"
          viewBox={`0 0 ${BAR_WIDTH} ${BAR.height}`}
          preserveAspectRatio="none"
          data-role="timeline-svg"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            goTo(frameAtX(((e.clientX - box.left) / box.width) * BAR_WIDTH, frames, BAR_WIDTH));
          }}
        >
          <rect
            x={0}
            y={BAR.trackY}
            width={BAR_WIDTH}
            height={BAR.trackH}
            className="timeline-track"
            style={{ fill: 'var(--vscode-editor-background)', stroke: 'var(--vscode-descriptionForeground)' }}
            vectorEffect="non-scaling-stroke"
          />
          {layout.visible?.map((s) => (
            <rect
              key={s.start}
              data-role="visible-segment"
              data-start={s.start}
              data-end={s.end}
              x={s.x0}
              y={BAR.trackY}
              width={Math.max(s.x1 - s.x0, 1)}
              height={BAR.trackH}
              style={{ fill: TARGET_VISIBLE_COLOR }}
            />
          ))}
          {layout.sampled.map((t) => (
            <line
              key={t.frame}
              data-role="sampled-frame"
              data-frame={t.frame}
              data-seen={t.seen ?? undefined}
              x1={t.x}
              x2={t.x}
              y1={t.seen ? BAR.seenTickY : BAR.tickY}
              y2={BAR.tickY + BAR.tickH}
              vectorEffect="non-scaling-stroke"
              style={{ stroke: t.seen ? TARGET_VISIBLE_COLOR : tickColor, strokeWidth: t.seen ? 3 : 1.5 }}
            />
          ))}
          <line
            data-role="playhead"
            data-frame={current}
            x1={playX}
            x2={playX}
            y1={0}
            y2={BAR.height}
            vectorEffect="non-scaling-stroke"
            style={{ stroke: FG, strokeWidth: 2 }}
          />
        </svg>
      </div>
      <div className="timeline-legend small">
        {view.visible ? (
          <span data-role="visible-summary">
            <span className="timeline-key" style={{ background: TARGET_VISIBLE_COLOR }} aria-hidden="true" />
            <span style={{ color: TARGET_VISIBLE_COLOR }}>target visible</span> (red box) in {layout.visibleFrames} of {frames} frames
            {view.visible.length > 0 ? `: ${view.visible.map(([s, e]) => `${secondsText(s, fps)}–${secondsText(e, fps)}`).join(', ')}` : ''}
            {view.sourceText ? <span data-role="visibility-source"> ({view.sourceText})</span> : null}
          </span>
        ) : view.detecting ? (
          <span data-role="visibility-detecting" role="status">
            Finding the red box in the video…
          </span>
        ) : (
          <span data-role="visibility-unknown">Visibility unknown: {view.unknownReason ?? 'no frames are known to show the target'}.</span>
        )}
        <span data-role="sampled-summary">
          <span className="timeline-tick-key" style={{ background: tickColor }} aria-hidden="true" />
          sampled: {view.samplingText}
          {layout.seenCount !== null && layout.sampled.length > 0
            ? ` · ${layout.seenCount} of ${layout.sampled.length} show the target`
            : ''}
        </span>
        {never ? (
          <strong className="timeline-never" data-role="never-seen">
            {layout.visibleFrames === 0 ? 'The target is visible in no frame of this video.' : 'Target never in the sampled frames.'}
          </strong>
        ) : null}
      </div>
      {view.visible && view.visible.length > 0 ? (
        <div className="timeline-actions">
          <Button
            data-action="previous-visible"
            title="The previous stretch with the target (PageUp on the timeline)"
            disabled={prev === undefined}
            onClick={() => prev !== undefined && goTo(prev)}
          >
            ◀ target
          </Button>
          <Button
            data-action="next-visible"
            title="The next stretch with the target (PageDown on the timeline)"
            disabled={next === undefined}
            onClick={() => next !== undefined && goTo(next)}
          >
            target ▶
          </Button>
          <span className="muted small" data-role="timeline-frame">
            frame {current}: {inside ? 'target visible' : 'target not visible'}
            {sampledHere ? ', sampled' : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}
