// The webview's end of the protocol: typed posting, request/response, and persisted state.
import { isHostMessage, Requester, type HostMessage, type RequestMethod, type ViewerRequests, type ViewerState, type WebviewMessage } from '../../src/shared/protocol';

/** What `acquireVsCodeApi()` returns inside a VS Code webview. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export class Bridge {
  private readonly requester: Requester;
  private readonly listeners = new Set<(m: HostMessage) => void>();
  private readonly onWindowMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isHostMessage(data)) return;
    if (data.type === 'response') {
      this.requester.handleResponse(data);
      return;
    }
    for (const l of this.listeners) l(data);
  };

  constructor(
    private readonly api: VsCodeApi,
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  ) {
    this.requester = new Requester((m) => this.post(m));
    target.addEventListener('message', this.onWindowMessage as EventListener);
  }

  post(message: WebviewMessage): void {
    this.api.postMessage(message);
  }

  request<M extends RequestMethod>(method: M, params: ViewerRequests[M]['params']): Promise<ViewerRequests[M]['result']> {
    return this.requester.request(method, params);
  }

  onMessage(listener: (m: HostMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): ViewerState {
    const s = this.api.getState();
    return typeof s === 'object' && s !== null ? (s as ViewerState) : {};
  }

  updateState(patch: Partial<ViewerState>): void {
    this.api.setState({ ...this.getState(), ...patch });
  }

  dispose(): void {
    this.requester.dispose();
    this.target.removeEventListener('message', this.onWindowMessage as EventListener);
  }
}
