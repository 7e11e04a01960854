// The sample viewer's contract: its messages between the extension host and the webview (machinery in rpc.ts).
// Imported by both sides, so it must stay free of `vscode` and `node:` imports.
import type { MediaType } from '../media';
import type { ParsedJson, ParsedValue } from '../parsing/parsedValue';
import type { OutcomeStatus } from '../scoring/outcomeStatus';
import type { ReadingFacts } from '../parsing/readingText';
import type { ImageRole } from '../imageRoles';
import type { AnswerKind } from '../subtasks';
import type { AuditView, AuditRequests } from './viewerAudit';
import type { DiagnosisOverlayView } from './viewerDiagnosis';
import { contractGuards, type PanelHostMessage, type RequestHandlers, type PanelRequestMessage } from './rpc';
import { BLIND_NOTIFICATION_TYPES, type BlindNotification, type BlindRequests } from './blind';

/** A media file as the webview may load it. `uri` is a webview URI (never inline data), null when it cannot load. */
export interface MediaView {
  /** As written in the question, relative to its folder. */
  relPath: string;
  uri: string | null;
  exists: boolean;
  type?: MediaType;
}

export interface VideoView extends MediaView {
  /** Frames per second read from the file's header, or null (the viewer then assumes 10). */
  fps: number | null;
  /** Video sample-entry code from the header (avc1 = H.264, hvc1, vp09, av01...), null when unknown. */
  videoCodec: string | null;
  /** Audio sample-entry code (mp4a = AAC, which VS Code cannot play), null when there is no audio track. */
  audioCodec: string | null;
  /** Path to put in the re-encode command (the file's own path on the host), null when refused. */
  commandPath: string | null;
}

type PromptPartView = { type: 'text'; text: string } | { type: 'video' } | { type: 'image'; index: number };

/** The demo generator's `extra.geometry`, validated. x, y on [0, 999]; heading in degrees, 0 = map top, left (CCW) positive. */
export interface GeometryView {
  topdown: MediaView & { width: number; height: number };
  agent: { x: number; y: number; heading: number } | null;
  target: { x: number; y: number; label?: string } | null;
}

/** A parsed answer tagged with its kind, so the webview never guesses a value's meaning from its shape. */
export type TaggedValue =
  { kind: 'angle' | 'distance'; value: number } | { kind: 'point'; x: number; y: number } | { kind: 'choice'; letter: string };

/** The tagged form of a parsed value (null: unparsed, or no valid answer). */
export function taggedValue(p: ParsedValue | null): TaggedValue | null {
  if (!p) return null;
  if (p.kind === 'point') return { kind: 'point', x: p.x, y: p.y };
  if (p.kind === 'choice') return { kind: 'choice', letter: p.letter };
  return { kind: p.kind, value: p.value };
}

export interface OutcomeView {
  /** 1-based line in the result file. */
  line: number;
  prediction: string;
  /** As written to the result line's `parsed` field. */
  parsed: ParsedJson;
  /** The same, tagged with its kind: what the overlays draw. */
  value: TaggedValue | null;
  parsedLabel: string;
  /** [start, end) of the text the parser read the value from. */
  span: [number, number] | null;
  /** [start, end) of the answer region (after </think>, inside the last <answer>). */
  region: [number, number];
  score: number;
  error: number | null;
  passed: number | null;
  of: number | null;
  status: OutcomeStatus;
  /** How the value was read: the reader, the rule, the read steps, the ambiguity flag (docs/PARSING.md). */
  reading?: ReadingFacts;
}

export interface ResultView {
  id: string;
  label: string;
  colorIndex: number;
  active: boolean;
  /** Null when this result file has no line for the question. */
  outcome: OutcomeView | null;
  /** The file's overall score with its coverage, "Avg. 16.7 (partial: 2/12 subtasks, 4/36 questions)". */
  overall?: string;
  /** True when some of the dataset has no prediction in this file. */
  partial?: boolean;
  /** The file's format loss on the question's subtask: "template-b loses 55.56 points on EDv to format (…)". */
  formatLoss?: string;
  /** The question's diagnosis class under this file, in words: "sign flip: flipping the sign gives 45°". */
  diagnosis?: string;
}

export interface SampleView {
  uid: string;
  task: string;
  subtask: { key: string; abbreviation: string; name: string } | null;
  kind: AnswerKind | null;
  scene: string;
  /** The raw answer as written in question.json. */
  answerText: string;
  truth: ParsedJson;
  truthValue: TaggedValue | null;
  truthLabel: string;
  texts: string[];
  prompt: PromptPartView[];
  video: VideoView | null;
  /** In prompt order, each tagged with what it is (the host decides: src/shared/imageRoles.ts). */
  images: Array<MediaView & { role: ImageRole }>;
  geometry: GeometryView | null;
  results: ResultView[];
  problems: string[];
  /** Position in the Questions tree's current order, when the question is in it. */
  position: { index: number; total: number } | null;
  /** The active file's what-if and the visibility timeline (viewerDiagnosis.ts); absent until diagnosed. */
  diagnosisOverlay?: DiagnosisOverlayView;
}

export type NavigationDirection = 'next' | 'previous' | 'nextFailure';

/** Requests the webview sends and what the host answers. */
export type ViewerRequests = {
  navigate: { params: { direction: NavigationDirection }; result: { uid: string | null; message?: string } };
  copyText: { params: { text: string }; result: { copied: boolean } };
  openSource: { params: { uid: string; resultId?: string }; result: { opened: boolean } };
} & AuditRequests &
  BlindRequests;

/** Host to webview. A new question comes whole; what changes while it is shown comes as a small notification. */
export type ViewerNotification =
  | { type: 'show'; sample: SampleView }
  | { type: 'notFound'; uid: string; message: string }
  /** The result files shown (active and compared) or their scores changed; the question did not. */
  | { type: 'results'; uid: string; results: ResultView[] }
  /** The Questions tree's order or filter changed: the question's place in it. */
  | { type: 'position'; uid: string; position: SampleView['position'] }
  /** The question's verdicts changed (this window, another window, another reviewer). */
  | { type: 'audit'; uid: string; audit: AuditView }
  /** The active file's diagnosis, or the frame sampling, changed. */
  | { type: 'diagnosisOverlay'; uid: string; overlay: DiagnosisOverlayView }
  /** Blind mode (the human baseline, blind.ts). */
  | BlindNotification;

/** Webview to host, besides the handshake and requests. */
type ViewerEvent =
  /** The sample is on screen; `ms` counts from the `show` message's arrival to the paint. */
  { type: 'painted'; uid: string; ms: number };

export type ViewerContract = {
  requests: ViewerRequests;
  notifications: ViewerNotification;
  events: ViewerEvent;
  /** `restoredUid` comes from getState: the question shown before a reload. */
  ready: { restoredUid?: string };
};

export type RequestMessage = PanelRequestMessage<ViewerRequests>;
export type HostMessage = PanelHostMessage<ViewerContract>;
export type ViewerRequestHandlers = RequestHandlers<ViewerRequests>;

/** What the webview keeps in `setState`, so it survives hiding and reloads. */
export interface ViewerState {
  uid?: string;
  zoom?: number;
  speed?: number;
  /** The time counted on the blind question shown, kept while a hidden page is torn down. */
  blindClock?: { participant: string; number: number; ms: number };
  /** The what-if overlay's checkbox; on unless unticked. */
  showWhatIf?: boolean;
}

/** Narrowing guards for messages arriving from the other side (anything else is ignored). */
export const { isHostMessage, isWebviewMessage } = contractGuards<ViewerContract>({
  notifications: ['show', 'notFound', 'results', 'position', 'audit', 'diagnosisOverlay', ...BLIND_NOTIFICATION_TYPES],
  events: ['painted'],
});
