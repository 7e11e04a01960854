// The viewer in blind mode: one question at a time, with only what the model saw, answered in the overlay's own
// terms; then the result against the paper's human row and the loaded models, and on request the reveal.
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { choiceFromKey } from '../../../src/shared/answers/inputs';
import { formatTypedAnswer, type TypedAnswer } from '../../../src/shared/answers/typedAnswer';
import type { BlindMediaView, BlindNotification, BlindQuestionView, VideoView } from '../../../src/shared/protocol';
import type { Bridge } from '../bridge';
import { Lightbox, type LightboxImage } from '../components/Lightbox';
import { QueryView } from '../components/QueryView';
import { VideoPlayer, type PlayerHandle } from '../components/VideoPlayer';
import { Button } from '../../ui';
import { ChoiceInput, DialInput, DistanceInput, HeadingMapInput, MapPointInput } from './AnswerInputs';
import { Prompt } from '../components/Prompt';
import { ActiveClock } from './activeClock';
import { HumanResult } from './HumanResult';

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** The video as the shared player takes it, with a neutral label for its file name. */
function playerVideo(v: BlindQuestionView['video']): VideoView | null {
  return v ? { relPath: v.label, uri: v.uri, exists: v.exists, fps: v.fps, videoCodec: null, audioCodec: null, commandPath: null } : null;
}

/** A blind image as the shared components take it: its neutral label where they show a file name. */
const asMedia = (m: BlindMediaView) => ({ relPath: m.label, uri: m.uri, exists: m.exists });

function AnswerArea({
  q,
  answer,
  distanceText,
  onAnswer,
  onDistanceText,
  onSubmit,
  onEnlarge,
}: {
  q: BlindQuestionView;
  answer: TypedAnswer | null;
  distanceText: string;
  onAnswer: (a: TypedAnswer) => void;
  onDistanceText: (text: string, a: TypedAnswer | null) => void;
  onSubmit: () => void;
  onEnlarge: (image: BlindMediaView) => void;
}) {
  const angle = answer?.kind === 'angle' ? answer.value : null;
  if (q.input === 'heading')
    return (
      <>
        <HeadingMapInput map={q.map} value={angle} onChange={onAnswer} />
        <p className="muted small">Drag the arrow to the direction you face: up = the top of the map, counter-clockwise (left) positive.</p>
      </>
    );
  if (q.input === 'direction')
    return (
      <>
        <DialInput value={angle} onChange={onAnswer} />
        <p className="muted small">
          Drag the arrow towards the object: up = your current viewing direction, left turns positive (+90° is left). Arrow keys turn by 1°.
        </p>
      </>
    );
  if (q.input === 'point')
    return (
      <>
        <MapPointInput map={q.map} value={answer?.kind === 'point' ? answer : null} onChange={onAnswer} />
        <p className="muted small">Click on the top-down image: x to the right, y down, each on [0, 999].</p>
      </>
    );
  if (q.input === 'distance') return <DistanceInput text={distanceText} onText={onDistanceText} onSubmit={onSubmit} />;
  return (
    <ChoiceInput
      options={q.images.filter((i) => i.role === 'option')}
      value={answer?.kind === 'choice' ? answer.letter : null}
      onChange={(letter) => onAnswer({ kind: 'choice', letter })}
      onEnlarge={onEnlarge}
    />
  );
}

function BlindQuestion({ bridge, q }: { bridge: Bridge; q: BlindQuestionView }) {
  const [answer, setAnswer] = useState<TypedAnswer | null>(null);
  const [distanceText, setDistanceText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [lightbox, setLightbox] = useState<LightboxImage | null>(null);
  const clock = useRef<ActiveClock>(new ActiveClock(now));
  /** A submit in flight (Enter and a click in one tick must not send two). */
  const sending = useRef(false);
  const player = useRef<PlayerHandle>(null);

  useEffect(() => {
    // The same question on a page built again (the panel was hidden): its time so far goes on.
    const kept = bridge.getState().blindClock;
    const same = kept && kept.participant === q.participant && kept.number === q.number;
    clock.current = new ActiveClock(now, same ? kept.ms : 0);
    const keep = () => bridge.updateState({ blindClock: { participant: q.participant, number: q.number, ms: clock.current.elapsed() } });
    const pause = () => {
      clock.current.pause();
      keep();
    };
    const resume = () => {
      if (document.visibilityState !== 'hidden') clock.current.resume();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? pause() : resume());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
    };
  }, [bridge, q.participant, q.number]);

  useEffect(() => {
    setAnswer(null);
    setDistanceText('');
    setMessage(null);
    setBusy(false);
    sending.current = false;
    setLightbox(null);
  }, [q.number]);

  const submit = useCallback(() => {
    if (!answer || sending.current) return;
    sending.current = true;
    setBusy(true);
    bridge.request('blindSubmit', { number: q.number, answer, elapsedMs: clock.current.elapsed() }).then(
      (r) => {
        if (!r.saved) {
          sending.current = false;
          setBusy(false);
          setMessage(r.message ?? 'The answer was not saved.');
        }
      },
      (e: Error) => {
        sending.current = false;
        setBusy(false);
        setMessage(e.message);
      },
    );
  }, [answer, bridge, q.number]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.key === 'Escape') return setLightbox(null);
      const letter = q.kind === 'choice' ? choiceFromKey(e.key) : null;
      const actions: Record<string, () => void> = {
        Enter: submit,
        ' ': () => player.current?.togglePlay(),
        ',': () => player.current?.step(-1),
        '.': () => player.current?.step(1),
        '[': () => player.current?.changeSpeed(-1),
        ']': () => player.current?.changeSpeed(1),
      };
      const action = letter ? () => setAnswer(letter) : actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [q.kind, submit]);

  const enlarge = (image: BlindMediaView) => image.uri && setLightbox({ uri: image.uri, caption: image.label });
  const query = q.images.find((i) => i.role === 'query');
  return (
    <main className="viewer blind" data-blind="question" data-input={q.input} data-number={q.number}>
      <header className="header blind-header" data-role="blind-header">
        <div className="header-top">
          <div className="title">
            <span className="subtask-abbr">{q.subtask?.abbreviation ?? 'Other'}</span>
            <span className="subtask-name">{q.subtask?.name ?? 'unknown task'}</span>
          </div>
          <nav className="nav" aria-label="Human baseline">
            <span className="position muted" data-role="blind-progress">
              Question {q.number} of {q.total} · {q.answered} answered · {q.participant}
            </span>
            <Button title="Your score so far" data-action="blind-result" onClick={() => void bridge.request('blindShowResult', {})}>
              Score so far
            </Button>
            <Button
              title="Pause; Start Human Baseline resumes"
              data-action="blind-pause"
              onClick={() => void bridge.request('blindPause', {})}
            >
              Pause
            </Button>
          </nav>
        </div>
        <p className="muted small blind-note">
          Blind mode: the answer and the models’ predictions are not shown. You see what the model saw.
        </p>
      </header>
      <div className="layout">
        <div className="column">
          <section className="card blind-answer" data-role="blind-answer">
            <h2>Your answer</h2>
            <AnswerArea
              q={q}
              answer={answer}
              distanceText={distanceText}
              onAnswer={(a) => {
                setAnswer(a);
                setMessage(null);
              }}
              onDistanceText={(text, a) => {
                setDistanceText(text);
                setAnswer(a);
              }}
              onSubmit={submit}
              onEnlarge={enlarge}
            />
            <div className="blind-submit-row">
              <span data-role="blind-answer-value" className="blind-answer-value">
                {answer ? formatTypedAnswer(answer) : 'no answer yet'}
              </span>
              <Button
                appearance="primary"
                data-action="blind-submit"
                disabled={!answer || busy}
                onClick={submit}
                title="Submit and go to the next question (Enter)"
              >
                Submit
              </Button>
              <span className="muted small">
                or press <kbd>Enter</kbd>
              </span>
            </div>
            {message ? (
              <p className="blind-message" role="alert">
                {message}
              </p>
            ) : null}
          </section>
          {query ? (
            <QueryView
              image={{ relPath: '', uri: query.uri, exists: query.exists }}
              zoom={zoom}
              onZoom={setZoom}
              onEnlarge={() => enlarge(query)}
            />
          ) : null}
        </div>
        <div className="column">
          <VideoPlayer ref={player} video={playerVideo(q.video)} speed={speed} onSpeedChange={setSpeed} onCopy={() => undefined} />
          <Prompt
            sample={{
              prompt: q.prompt,
              video: q.video && { relPath: q.video.label, exists: q.video.exists },
              images: q.images.map(asMedia),
            }}
            onEnlarge={(image) => enlarge({ label: image.relPath, uri: image.uri, exists: image.exists })}
            onJumpToVideo={() => player.current?.focus()}
          />
        </div>
      </div>
      {lightbox ? <Lightbox image={lightbox} onClose={() => setLightbox(null)} /> : null}
    </main>
  );
}

export function BlindApp({ bridge, message }: { bridge: Bridge; message: BlindNotification }) {
  if (message.type === 'blindQuestion') return <BlindQuestion bridge={bridge} q={message.question} />;
  if (message.type === 'humanResult') return <HumanResult bridge={bridge} result={message.result} />;
  return (
    <main className="empty" data-role="empty" data-blind="closed">
      <p>{message.message}</p>
    </main>
  );
}
