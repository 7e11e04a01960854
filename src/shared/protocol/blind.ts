// The sample viewer's blind mode (the human baseline): what the host sends while a person answers, and what they
// send back. A blind question carries only what the model saw (the prompt, the video, the query view, the
// candidates, the map the prompt shows); never the truth, a prediction, a score, the uid or a file name.
import type { TypedAnswer } from '../answers/typedAnswer';
import type { ImageRole } from '../imageRoles';
import type { AnswerKind } from '../subtasks';

/** A media file in blind mode: its webview URI and a neutral label instead of its file name (names can hint at answers). */
export interface BlindMediaView {
  label: string;
  uri: string | null;
  exists: boolean;
}

export interface BlindVideoView extends BlindMediaView {
  fps: number | null;
}

export type BlindPromptPart = { type: 'text'; text: string } | { type: 'video' } | { type: 'image'; index: number };

/** How the question is answered: an arrow on the direction dial, a heading on the map, a map click, meters, a letter. */
export type BlindInput = 'direction' | 'heading' | 'point' | 'distance' | 'choice';

export interface BlindQuestionView {
  /** 1-based place in the sample (the order asked), and the sample's size. */
  number: number;
  total: number;
  answered: number;
  participant: string;
  kind: AnswerKind;
  input: BlindInput;
  subtask: { abbreviation: string; name: string } | null;
  prompt: BlindPromptPart[];
  video: BlindVideoView | null;
  images: Array<BlindMediaView & { role: ImageRole }>;
  /** The top-down image the prompt shows (point and orientation questions), with its size when known. */
  map: (BlindMediaView & { width: number | null; height: number | null }) | null;
}

/** One row of the result table: a subtask, or the overall. Scores are formatted already (src/shared/format.ts). */
export interface HumanResultRow {
  key: string;
  label: string;
  /** This participant's score and how many answers it is over. */
  you: string;
  n: number;
  /** The paper's human row. */
  paper: string;
  /** Each loaded result file's score on the same questions, in the order of `HumanResultView.models`. */
  models: string[];
}

/** A question after the reveal: the answer given against the truth. Only sent once the participant chose to reveal. */
export interface RevealedQuestion {
  number: number;
  uid: string;
  subtask: string;
  yours: string;
  truth: string;
  score: string;
}

export interface HumanResultView {
  participant: string;
  answered: number;
  total: number;
  /** One sentence: the score, the paper's 79.08, the difference with its 95% interval, or why it is not comparable yet. */
  summary: string;
  rows: HumanResultRow[];
  /** The loaded result files compared: label, colour, overall on the whole dataset. */
  models: Array<{ label: string; colorIndex: number; overall: string }>;
  /** False while answering can go on (some questions left, not revealed). */
  finished: boolean;
  revealed: boolean;
  /** Present once revealed. */
  questions?: RevealedQuestion[];
  resultFile: string;
}

export type BlindNotification =
  | { type: 'blindQuestion'; question: BlindQuestionView }
  | { type: 'humanResult'; result: HumanResultView }
  /** Blind mode ended with nothing else to show (paused). */
  | { type: 'blindClosed'; message: string };

export const BLIND_NOTIFICATION_TYPES = ['blindQuestion', 'humanResult', 'blindClosed'] as const;

export type BlindRequests = {
  /** The answer to question `number`, after `elapsedMs` on it. The host writes it, then sends the next view. */
  blindSubmit: { params: { number: number; answer: TypedAnswer; elapsedMs: number }; result: { saved: boolean; message?: string } };
  /** Score so far, against the paper's human row and the loaded models. */
  blindShowResult: { params: Record<string, never>; result: { shown: boolean } };
  /** Back to answering from the result view. */
  blindContinue: { params: Record<string, never>; result: { shown: boolean } };
  /** Reveals truth and predictions (asks first; ends answering for the session). */
  blindReveal: { params: Record<string, never>; result: { revealed: boolean } };
  /** Pauses: leaves blind mode; the session stays saved. */
  blindPause: { params: Record<string, never>; result: { paused: boolean } };
  /** After the reveal: opens one sampled question in the ordinary viewer, with truth and predictions. */
  blindOpenRevealed: { params: { uid: string }; result: { opened: boolean } };
};

export function isBlindNotification(m: { type: string }): m is BlindNotification {
  return (BLIND_NOTIFICATION_TYPES as readonly string[]).includes(m.type);
}
