// The sample viewer's bridge: the shared panel bridge over the viewer's contract.
import { isHostMessage, type ViewerContract, type ViewerState } from '../../src/shared/protocol';
import { PanelBridge, type VsCodeApi } from '../common/bridge';

export type { VsCodeApi };

export class Bridge extends PanelBridge<ViewerContract, ViewerState> {
  constructor(api: VsCodeApi, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
    super(api, isHostMessage, target);
  }
}
