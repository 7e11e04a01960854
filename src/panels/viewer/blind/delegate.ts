// What the viewer asks of a blind run while it is in blind mode (src/panels/viewer/index.ts).
import type { BlindNotification, BlindRequests } from '../../../shared/protocol/blind';
import type { RequestHandlers } from '../../../shared/protocol/rpc';
import type { ToWebviewUri } from '../sampleView';

export interface BlindDelegate {
  /** What to show now: on entering blind mode, after each request, and whenever the webview (re)loads. */
  view(toUri: ToWebviewUri): Promise<BlindNotification>;
  handlers: RequestHandlers<BlindRequests>;
}
