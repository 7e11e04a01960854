import React, { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { VideoView } from '../../../src/shared/protocol';
import { CODEC_NAMES, codecProbe, PLAYABLE_VIDEO_CODECS, reencodeCommand } from '../media';
import { Button } from '../../ui';

/** GST-Bench clips are 10 fps; used when the file's header gives no rate. */
const DEFAULT_FPS = 10;
const SPEEDS = [0.25, 0.5, 1, 1.5, 2, 4];

export interface PlayerHandle {
  togglePlay(): void;
  step(frames: number): void;
  changeSpeed(delta: number): void;
  focus(): void;
}

export interface VideoPlayerProps {
  video: VideoView | null;
  speed: number;
  onSpeedChange: (speed: number) => void;
  onCopy: (text: string) => void;
  /** Drawn under the controls with the player's clock and a seek (the visibility timeline). */
  below?: (clock: PlayerClock) => React.ReactNode;
}

export interface PlayerClock {
  fps: number;
  duration: number;
  time: number;
  seek: (time: number) => void;
}

function CodecPanel({ video, reason, onCopy }: { video: VideoView; reason: string; onCopy: (t: string) => void }) {
  const cmd = reencodeCommand(video.commandPath ?? video.relPath);
  return (
    <div className="panel warning-panel" data-role="codec-panel" role="alert">
      <p>
        <strong>This video will not play here.</strong> {reason}
      </p>
      <p>VS Code plays H.264 video only, without AAC audio (no VP9, AV1 or HEVC). Re-encode it with:</p>
      <pre className="command" data-role="ffmpeg-command">
        {cmd}
      </pre>
      <Button onClick={() => onCopy(cmd)} data-action="copy-command">
        Copy command
      </Button>
    </div>
  );
}

export const VideoPlayer = forwardRef<PlayerHandle, VideoPlayerProps>(function VideoPlayer(
  { video, speed, onSpeedChange, onCopy, below },
  ref,
) {
  const el = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const fps = video?.fps && video.fps > 0 ? video.fps : DEFAULT_FPS;

  useEffect(() => {
    setTime(0);
    setDuration(0);
    setPlaying(false);
    setLoaded(false);
    setFailed(null);
  }, [video?.uri]);

  useEffect(() => {
    if (el.current) el.current.playbackRate = speed;
  }, [speed, loaded]);

  const step = useCallback(
    (frames: number) => {
      const v = el.current;
      if (!v) return;
      v.pause();
      const frame = Math.floor(v.currentTime * fps + 1e-6) + frames;
      const last = Math.max(0, Math.floor((v.duration || 0) * fps + 1e-6) - 1);
      // Aim at the middle of the frame, so rounding never lands on its neighbour.
      v.currentTime = (Math.min(Math.max(frame, 0), last) + 0.5) / fps;
    },
    [fps],
  );

  const changeSpeed = useCallback(
    (delta: number) => {
      const at = SPEEDS.indexOf(speed);
      const next = SPEEDS[Math.min(Math.max((at < 0 ? SPEEDS.indexOf(1) : at) + delta, 0), SPEEDS.length - 1)];
      onSpeedChange(next);
    },
    [speed, onSpeedChange],
  );

  const seek = useCallback((t: number) => {
    const v = el.current;
    if (!v) return;
    v.pause();
    v.currentTime = t;
    setTime(t);
  }, []);

  const togglePlay = useCallback(() => {
    const v = el.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  }, []);

  useImperativeHandle(
    ref,
    () => ({ togglePlay, step, changeSpeed, focus: () => box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }) }),
    [togglePlay, step, changeSpeed],
  );

  if (!video) {
    return (
      <section className="card" data-role="player" data-state="none">
        <h2>Video</h2>
        <p className="muted">This question has no video.</p>
      </section>
    );
  }
  if (!video.exists || !video.uri) {
    return (
      <section className="card" data-role="player" data-state="missing" ref={box}>
        <h2>Video</h2>
        <div className="panel warning-panel" data-role="missing-video" role="alert">
          <p>
            <strong>Video file not found:</strong> <code>{video.relPath}</code>
          </p>
          <p>
            The path is relative to the question's folder. The question's other parts (prompt, images, overlays, predictions) still work.
          </p>
        </div>
      </section>
    );
  }

  const codecName = video.videoCodec ? (CODEC_NAMES[video.videoCodec] ?? video.videoCodec) : null;
  const probe = codecProbe(video.videoCodec, video.type);
  const unplayableCodec = video.videoCodec && !PLAYABLE_VIDEO_CODECS.has(video.videoCodec) ? `Its video codec is ${codecName}.` : null;
  const probeSays = typeof document !== 'undefined' ? document.createElement('video').canPlayType(probe) : 'probably';
  const reason = failed ?? unplayableCodec ?? (probeSays === '' ? `This browser cannot decode ${codecName ?? 'this format'}.` : null);
  const aacWarning = !reason && video.audioCodec === 'mp4a';
  const frame = Math.floor(time * fps + 1e-6);
  const frames = Math.max(0, Math.round(duration * fps));

  return (
    <section className="card" data-role="player" data-state={reason ? 'unplayable' : loaded ? 'loaded' : 'loading'} ref={box}>
      <h2>
        Video <span className="muted small">{video.relPath}</span>
      </h2>
      {reason ? <CodecPanel video={video} reason={reason} onCopy={onCopy} /> : null}
      {aacWarning ? (
        <CodecPanel
          video={video}
          reason="It has an AAC audio track, which VS Code's player cannot decode; it may stay black."
          onCopy={onCopy}
        />
      ) : null}
      {!unplayableCodec ? (
        <>
          <video
            ref={el}
            className="video"
            src={video.uri}
            preload="auto"
            muted
            playsInline
            data-role="video"
            onClick={togglePlay}
            onLoadedMetadata={(e) => setDuration(e.currentTarget.duration || 0)}
            onLoadedData={() => setLoaded(true)}
            onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
            onSeeked={(e) => setTime(e.currentTarget.currentTime)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onError={(e) => {
              const err = e.currentTarget.error;
              setFailed(
                `The player reported: ${err?.message || `media error ${err?.code ?? ''}`.trim()}${codecName ? ` (codec ${codecName})` : ''}.`,
              );
            }}
          />
          <div className="player-controls" role="group" aria-label="Player controls">
            <Button title="Play / pause (space)" data-action="play" onClick={togglePlay}>
              {playing ? '❚❚ Pause' : '▶ Play'}
            </Button>
            <Button title="Previous frame (,)" data-action="frame-back" onClick={() => step(-1)}>
              ◀ 1f
            </Button>
            <Button title="Next frame (.)" data-action="frame-forward" onClick={() => step(1)}>
              1f ▶
            </Button>
            <input
              className="scrubber"
              type="range"
              aria-label="Position in the video"
              min={0}
              max={duration || 0}
              step={1 / fps}
              value={Math.min(time, duration || 0)}
              onChange={(e) => {
                const v = el.current;
                if (v) v.currentTime = Number(e.currentTarget.value);
              }}
            />
          </div>
          <div className="player-status">
            <span data-role="time">
              {time.toFixed(2)} s / {duration.toFixed(2)} s
            </span>
            <span data-role="frame">
              frame {frame}
              {frames ? ` / ${frames - 1}` : ''} @ {fps} fps{video.fps ? '' : ' (assumed)'}
            </span>
            <span className="speed">
              <Button appearance="icon" title="Slower ([)" aria-label="Slower" onClick={() => changeSpeed(-1)}>
                <span className="icon-text">−</span>
              </Button>
              <span data-role="speed">{speed}×</span>
              <Button appearance="icon" title="Faster (])" aria-label="Faster" onClick={() => changeSpeed(1)}>
                <span className="icon-text">+</span>
              </Button>
            </span>
            <span className="muted small">space play · , . frame · [ ] speed</span>
          </div>
          {below?.({ fps, duration, time, seek })}
        </>
      ) : null}
    </section>
  );
});
