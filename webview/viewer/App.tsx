import React, { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  isBlindNotification,
  type BlindNotification,
  type MediaView,
  type NavigationDirection,
  type SampleView,
} from '../../src/shared/protocol';
import type { Bridge } from './bridge';
import { Header } from './components/Header';
import { Lightbox, type LightboxImage } from './components/Lightbox';
import { Prompt } from './components/Prompt';
import { QueryView } from './components/QueryView';
import { RawOutputs } from './components/RawOutput';
import { VideoPlayer, type PlayerHandle } from './components/VideoPlayer';
import { AnswerPanel } from './overlays/AnswerPanel';
import { ProposalSurface } from './audit/ProposalSurface';
import { useAudit } from './audit/useAudit';
import { VerdictBar } from './audit/VerdictBar';
import { BlindApp } from './blind/BlindApp';
import { VisibilityTimeline } from './diagnosis/VisibilityTimeline';
import { resultColor } from '../common/theme';

/** The image the host tagged as the query view, if any. */
function queryImage(sample: SampleView): MediaView | null {
  return sample.images.find((i) => i.role === 'query') ?? null;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function App({ bridge }: { bridge: Bridge }) {
  const initial = useRef(bridge.getState()).current;
  const [sample, setSample] = useState<SampleView | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [zoom, setZoom] = useState(initial.zoom ?? 1);
  const [speed, setSpeed] = useState(initial.speed ?? 1);
  const [showWhatIf, setShowWhatIf] = useState(initial.showWhatIf !== false);
  const [lightbox, setLightbox] = useState<LightboxImage | null>(null);
  /** Blind mode (the human baseline) shows its own page; the viewer's keys are off meanwhile. */
  const [blind, setBlind] = useState<BlindNotification | null>(null);
  const blindRef = useRef(false);
  blindRef.current = blind !== null;
  const player = useRef<PlayerHandle>(null);
  const arrivedAt = useRef(0);
  /** Counts `show` messages, so the same question shown again reports its paint again. */
  const [shows, setShows] = useState(0);

  useEffect(() => {
    const off = bridge.onMessage((m) => {
      if (isBlindNotification(m)) return setBlind(m);
      if (m.type === 'show' || m.type === 'notFound') setBlind(null);
      if (m.type === 'show') {
        arrivedAt.current = now();
        setShows((n) => n + 1);
        setSample(m.sample);
        setMissing(null);
        setLightbox(null);
        bridge.updateState({ uid: m.sample.uid });
      } else if (m.type === 'notFound') {
        setSample(null);
        setMissing(m.message);
      } else if (m.type === 'results') {
        // Same question, other scores or files: the rest of the page (video, lightbox, zoom) stays as it is.
        setSample((s) => (s && s.uid === m.uid ? { ...s, results: m.results } : s));
      } else if (m.type === 'position') {
        setSample((s) => (s && s.uid === m.uid ? { ...s, position: m.position } : s));
      } else if (m.type === 'diagnosisOverlay') {
        setSample((s) => (s && s.uid === m.uid ? { ...s, diagnosisOverlay: m.overlay } : s));
      }
    });
    // The handshake: only now may the host post, so no message is lost before the listener exists.
    bridge.post({ type: 'ready', restoredUid: initial.uid });
    return off;
  }, [bridge, initial.uid]);

  // Report the paint of each new sample (the host logs show to painted); small updates are not new samples.
  const shownUid = sample?.uid;
  const shownTitle = sample ? `${sample.subtask?.abbreviation ?? 'Other'} · ${sample.uid}` : undefined;
  useLayoutEffect(() => {
    if (shownUid === undefined) return;
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 0);
    raf(() => bridge.post({ type: 'painted', uid: shownUid, ms: Math.round((now() - arrivedAt.current) * 10) / 10 }));
    if (shownTitle) document.title = shownTitle;
  }, [shows, shownUid, shownTitle, bridge]);

  const noticeTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  const flash = useCallback((text: string) => {
    setNotice(text);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), 3000);
  }, []);

  const navigate = useCallback(
    (direction: NavigationDirection) => {
      bridge.request('navigate', { direction }).then(
        (r) => r.message && flash(r.message),
        (e: Error) => flash(e.message),
      );
    },
    [bridge, flash],
  );

  const copy = useCallback(
    (text: string) => {
      bridge.request('copyText', { text }).then(
        () => flash('Copied.'),
        (e: Error) => flash(`Copy failed: ${e.message}`),
      );
    },
    [bridge, flash],
  );

  const changeZoom = useCallback(
    (z: number) => {
      setZoom(z);
      bridge.updateState({ zoom: z });
    },
    [bridge],
  );
  const changeShowWhatIf = useCallback(
    (show: boolean) => {
      setShowWhatIf(show);
      bridge.updateState({ showWhatIf: show });
    },
    [bridge],
  );
  const changeSpeed = useCallback(
    (s: number) => {
      setSpeed(s);
      bridge.updateState({ speed: s });
    },
    [bridge],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (blindRef.current) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.key === 'Escape') return setLightbox(null);
      const actions: Record<string, () => void> = {
        j: () => navigate('next'),
        k: () => navigate('previous'),
        n: () => navigate('nextFailure'),
        ' ': () => player.current?.togglePlay(),
        ',': () => player.current?.step(-1),
        '.': () => player.current?.step(1),
        '[': () => player.current?.changeSpeed(-1),
        ']': () => player.current?.changeSpeed(1),
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  const audit = useAudit(bridge, sample, flash);

  const enlarge = useCallback((image: MediaView, caption: string) => image.uri && setLightbox({ uri: image.uri, caption }), []);

  if (blind) return <BlindApp bridge={bridge} message={blind} />;
  if (!sample) {
    return (
      <main className="empty" data-role="empty">
        <p>{missing ?? 'Select a question in the GST-Bench Questions view.'}</p>
      </main>
    );
  }
  const query = queryImage(sample);
  const visibility = sample.diagnosisOverlay?.visibility;
  return (
    <main className="viewer" data-uid={sample.uid} data-kind={sample.kind ?? 'other'}>
      <Header
        sample={sample}
        notice={notice}
        onNavigate={navigate}
        onCopyUid={() => copy(sample.uid)}
        onOpenSource={(resultId) => void bridge.request('openSource', { uid: sample.uid, resultId }).catch((e: Error) => flash(e.message))}
      />
      <VerdictBar sample={sample} audit={audit} />
      <div className="layout">
        <div className="column">
          <ProposalSurface sample={sample} audit={audit}>
            <AnswerPanel
              sample={sample}
              onEnlarge={enlarge}
              proposal={audit.proposed}
              showWhatIf={showWhatIf}
              onShowWhatIf={changeShowWhatIf}
            />
          </ProposalSurface>
          {query ? (
            <QueryView image={query} zoom={zoom} onZoom={changeZoom} onEnlarge={() => enlarge(query, `Query view: ${query.relPath}`)} />
          ) : null}
        </div>
        <div className="column">
          <VideoPlayer
            ref={player}
            video={sample.video}
            speed={speed}
            onSpeedChange={changeSpeed}
            onCopy={copy}
            below={
              visibility
                ? (clock) => (
                    <VisibilityTimeline
                      view={visibility}
                      {...clock}
                      tickColor={visibility.colorIndex === undefined ? 'var(--vscode-foreground)' : resultColor(visibility.colorIndex)}
                    />
                  )
                : undefined
            }
          />
          <Prompt sample={sample} onEnlarge={enlarge} onJumpToVideo={() => player.current?.focus()} />
        </div>
      </div>
      <RawOutputs sample={sample} />
      {lightbox ? <Lightbox image={lightbox} onClose={() => setLightbox(null)} /> : null}
    </main>
  );
}
