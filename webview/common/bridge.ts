// A webview's end of its panel's protocol: typed posting, request/response, notifications, persisted state.
// Every panel's React side makes one from its contract (see webview/viewer/bridge.ts).
import {
  Requester,
  type PanelContract,
  type PanelHostMessage,
  type PanelWebviewMessage,
  type ResponseMessage,
} from '../../src/shared/protocol';

/** What `acquireVsCodeApi()` returns inside a VS Code webview. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export class PanelBridge<C extends PanelContract, S extends object> {
  private readonly requester: Requester<C['requests']>;
  private readonly listeners = new Set<(m: C['notifications']) => void>();
  private readonly onWindowMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!this.isHostMessage(data)) return;
    if (data.type === 'response') {
      this.requester.handleResponse(data as ResponseMessage);
      return;
    }
    for (const l of this.listeners) l(data as C['notifications']);
  };

  constructor(
    private readonly api: VsCodeApi,
    private readonly isHostMessage: (value: unknown) => value is PanelHostMessage<C>,
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  ) {
    this.requester = new Requester<C['requests']>((m) => this.post(m));
    target.addEventListener('message', this.onWindowMessage as EventListener);
  }

  post(message: PanelWebviewMessage<C>): void {
    this.api.postMessage(message);
  }

  request<M extends keyof C['requests'] & string>(method: M, params: C['requests'][M]['params']): Promise<C['requests'][M]['result']> {
    return this.requester.request(method, params);
  }

  onMessage(listener: (m: C['notifications']) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): Partial<S> {
    const s = this.api.getState();
    return typeof s === 'object' && s !== null ? (s as Partial<S>) : {};
  }

  updateState(patch: Partial<S>): void {
    this.api.setState({ ...this.getState(), ...patch });
  }

  dispose(): void {
    this.requester.dispose();
    this.target.removeEventListener('message', this.onWindowMessage as EventListener);
  }
}
