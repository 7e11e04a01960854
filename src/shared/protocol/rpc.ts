// The machinery every panel's protocol shares: requests with ids and timeouts, answers that always come
// (with the error text on failure), one-way notifications and events, and the ready handshake. A panel
// declares a `PanelContract` (see viewer.ts) and gets typed messages, guards and both ends from here.

/** One request: what the webview sends and what the host answers. */
interface RequestSpec {
  params: unknown;
  result: unknown;
}
export type RequestMap = Record<string, RequestSpec>;

/** What a panel declares: its requests, host-to-webview notifications, webview-to-host events, ready payload. */
export interface PanelContract {
  requests: RequestMap;
  notifications: { type: string };
  events: { type: string };
  /** Extra fields of the webview's `ready` message (what it restored from setState). */
  ready: object;
}

export type PanelRequestMessage<R extends RequestMap> = {
  [M in keyof R & string]: { type: 'request'; id: number; method: M; params: R[M]['params'] };
}[keyof R & string];

export type ResponseMessage =
  { type: 'response'; id: number; ok: true; result: unknown } | { type: 'response'; id: number; ok: false; error: string };

/** Sent once the webview listens; nothing reaches the webview before it, and after a page reload it comes again. */
type ReadyMessage<C extends PanelContract> = { type: 'ready' } & C['ready'];

export type PanelHostMessage<C extends PanelContract> = C['notifications'] | ResponseMessage;
export type PanelWebviewMessage<C extends PanelContract> = ReadyMessage<C> | C['events'] | PanelRequestMessage<C['requests']>;

export type RequestHandlers<R extends RequestMap> = {
  [M in keyof R]: (params: R[M]['params']) => Promise<R[M]['result']> | R[M]['result'];
};

export class RequestTimeoutError extends Error {}

/** Narrowing guards for a contract, from the lists of its notification and event types. */
export function contractGuards<C extends PanelContract>(types: {
  notifications: ReadonlyArray<C['notifications']['type']>;
  events: ReadonlyArray<C['events']['type']>;
}) {
  const host = new Set<string>([...types.notifications, 'response']);
  const webview = new Set<string>([...types.events, 'ready', 'request']);
  const has = (value: unknown, set: Set<string>) =>
    typeof value === 'object' && value !== null && set.has((value as { type?: unknown }).type as string);
  return {
    isHostMessage: (value: unknown): value is PanelHostMessage<C> => has(value, host),
    isWebviewMessage: (value: unknown): value is PanelWebviewMessage<C> => has(value, webview),
  };
}

/** The requesting side (the webview): sends requests and settles their promises when responses arrive. */
export class Requester<R extends RequestMap> {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(
    private readonly post: (message: PanelRequestMessage<R>) => void,
    private readonly timeoutMs = 10_000,
  ) {}

  request<M extends keyof R & string>(method: M, params: R[M]['params']): Promise<R[M]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestTimeoutError(`no answer to "${method}" within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.post({ type: 'request', id, method, params } as PanelRequestMessage<R>);
    });
  }

  /** Settles the matching request; returns false when the id is unknown (late or foreign). */
  handleResponse(message: ResponseMessage): boolean {
    const p = this.pending.get(message.id);
    if (!p) return false;
    this.pending.delete(message.id);
    clearTimeout(p.timer);
    if (message.ok) p.resolve(message.result);
    else p.reject(new Error(message.error));
    return true;
  }

  /** Rejects every pending request and clears its timer (the page is going away). */
  dispose(): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('the panel was closed'));
      this.pending.delete(id);
    }
  }

  get pendingCount(): number {
    return this.pending.size;
  }
}

/** The answering side (the host): runs the handler and always answers, with the error text on failure. */
export async function answerRequest<R extends RequestMap>(
  message: PanelRequestMessage<R>,
  handlers: RequestHandlers<R>,
): Promise<ResponseMessage> {
  try {
    const handler = Object.prototype.hasOwnProperty.call(handlers, message.method)
      ? (handlers[message.method] as (p: unknown) => unknown)
      : undefined;
    if (!handler) return { type: 'response', id: message.id, ok: false, error: `unknown request "${String(message.method)}"` };
    const result = await handler(message.params);
    return { type: 'response', id: message.id, ok: true, result };
  } catch (e) {
    return { type: 'response', id: message.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface PanelChannelOptions<C extends PanelContract> {
  /** Posts to the webview (e.g. `webview.postMessage`). */
  post: (message: PanelHostMessage<C>) => void;
  handlers: RequestHandlers<C['requests']>;
  isWebviewMessage: (value: unknown) => value is PanelWebviewMessage<C>;
  /** The webview listens now (first load, or again after its page was torn down): send it what it shows. */
  onReady: (message: ReadyMessage<C>) => void;
  onEvent?: (message: C['events']) => void;
}

/**
 * The host's end of one panel: nothing is posted before the webview's `ready` (it would be lost), requests
 * are answered, events handed on. `reset()` when the page goes away (hidden without retained context, disposed).
 */
export class PanelChannel<C extends PanelContract> {
  private isReady = false;

  constructor(private readonly options: PanelChannelOptions<C>) {}

  get ready(): boolean {
    return this.isReady;
  }

  /** Posts a notification when the webview listens; returns false (and drops it) otherwise: `onReady` resends state. */
  notify(message: C['notifications']): boolean {
    if (!this.isReady) return false;
    this.options.post(message);
    return true;
  }

  /** Handles one message from the webview; anything that is not of the contract is ignored. */
  receive(raw: unknown): Promise<void> {
    if (!this.options.isWebviewMessage(raw)) return Promise.resolve();
    const message = raw as PanelWebviewMessage<C>;
    if (message.type === 'ready') {
      this.isReady = true;
      this.options.onReady(message as ReadyMessage<C>);
      return Promise.resolve();
    }
    if (message.type === 'request') {
      const request = message as PanelRequestMessage<C['requests']>;
      return answerRequest(request, this.options.handlers).then((response) => {
        if (this.isReady) this.options.post(response);
      });
    }
    this.options.onEvent?.(message as C['events']);
    return Promise.resolve();
  }

  reset(): void {
    this.isReady = false;
  }
}
