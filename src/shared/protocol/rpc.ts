// Request/response over postMessage: each request carries an id, the answer echoes it.
import type { RequestMessage, RequestMethod, ResponseMessage, ViewerRequests } from './messages';

export class RequestTimeoutError extends Error {}

/** The requesting side (the webview): sends requests and settles their promises when responses arrive. */
export class Requester {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly post: (message: RequestMessage) => void,
    private readonly timeoutMs = 10_000,
  ) {}

  request<M extends RequestMethod>(method: M, params: ViewerRequests[M]['params']): Promise<ViewerRequests[M]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestTimeoutError(`no answer to "${method}" within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.post({ type: 'request', id, method, params } as RequestMessage);
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
      p.reject(new Error('the viewer was closed'));
      this.pending.delete(id);
    }
  }

  get pendingCount(): number {
    return this.pending.size;
  }
}

export type RequestHandlers = { [M in RequestMethod]: (params: ViewerRequests[M]['params']) => Promise<ViewerRequests[M]['result']> | ViewerRequests[M]['result'] };

/** The answering side (the host): runs the handler and always answers, with the error text on failure. */
export async function answerRequest(message: RequestMessage, handlers: RequestHandlers): Promise<ResponseMessage> {
  try {
    const handler = handlers[message.method] as (p: unknown) => unknown;
    if (!handler) return { type: 'response', id: message.id, ok: false, error: `unknown request "${String(message.method)}"` };
    const result = await handler(message.params);
    return { type: 'response', id: message.id, ok: true, result };
  } catch (e) {
    return { type: 'response', id: message.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
