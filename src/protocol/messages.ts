// The one message protocol between the extension host and the sample viewer webview.
// Imported by both sides, so it must stay free of `vscode` and `node:` imports.
import type { MediaType } from '../core/dataset/mediaType';
import type { ParsedJson } from '../shared/parsing/parsedValue';
import type { OutcomeStatus } from '../core/results/evaluation';
import type { AnswerKind } from '../shared/subtasks';

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

export type PromptPartView = { type: 'text'; text: string } | { type: 'video' } | { type: 'image'; index: number };

/** The demo generator's `extra.geometry`, validated. x, y on [0, 999]; heading in degrees, 0 = map top, left (CCW) positive. */
export interface GeometryView {
  topdown: MediaView & { width: number; height: number };
  agent: { x: number; y: number; heading: number } | null;
  target: { x: number; y: number; label?: string } | null;
}

export interface OutcomeView {
  /** 1-based line in the result file. */
  line: number;
  prediction: string;
  parsed: ParsedJson;
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
  truthLabel: string;
  texts: string[];
  prompt: PromptPartView[];
  video: VideoView | null;
  images: MediaView[];
  geometry: GeometryView | null;
  results: ResultView[];
  problems: string[];
  /** Position in the Questions tree's current order, when the question is in it. */
  position: { index: number; total: number } | null;
}

export type NavigationDirection = 'next' | 'previous' | 'nextFailure';

/** Requests the webview sends and what the host answers. */
export interface ViewerRequests {
  navigate: { params: { direction: NavigationDirection }; result: { uid: string | null; message?: string } };
  copyText: { params: { text: string }; result: { copied: boolean } };
  openSource: { params: { uid: string; resultId?: string }; result: { opened: boolean } };
}
export type RequestMethod = keyof ViewerRequests;

export type RequestMessage = {
  [M in RequestMethod]: { type: 'request'; id: number; method: M; params: ViewerRequests[M]['params'] };
}[RequestMethod];

export type ResponseMessage =
  | { type: 'response'; id: number; ok: true; result: unknown }
  | { type: 'response'; id: number; ok: false; error: string };

/** Host to webview. */
export type HostMessage =
  | { type: 'show'; sample: SampleView }
  | { type: 'notFound'; uid: string; message: string }
  | ResponseMessage;

/** Webview to host. */
export type WebviewMessage =
  /** Sent once the app has mounted; nothing is posted to the webview before it. `restoredUid` comes from getState. */
  | { type: 'ready'; restoredUid?: string }
  /** The sample is on screen; `ms` counts from the `show` message's arrival to the paint. */
  | { type: 'painted'; uid: string; ms: number }
  | RequestMessage;

/** What the webview keeps in `setState`, so it survives hiding and reloads. */
export interface ViewerState {
  uid?: string;
  zoom?: number;
  speed?: number;
}

const HOST_TYPES = new Set(['show', 'notFound', 'response']);
const WEBVIEW_TYPES = new Set(['ready', 'painted', 'request']);

function hasType(value: unknown, types: Set<string>): boolean {
  return typeof value === 'object' && value !== null && types.has((value as { type?: unknown }).type as string);
}

/** Narrowing guards for messages arriving from the other side (anything else is ignored). */
export const isHostMessage = (value: unknown): value is HostMessage => hasType(value, HOST_TYPES);
export const isWebviewMessage = (value: unknown): value is WebviewMessage => hasType(value, WEBVIEW_TYPES);
