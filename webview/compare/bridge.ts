// The Compare panel's bridge: the shared panel bridge over the compare contract.
import { isCompareHostMessage, type CompareContract, type CompareState } from '../../src/shared/protocol/compare';
import { PanelBridge, type VsCodeApi } from '../common/bridge';

export class CompareBridge extends PanelBridge<CompareContract, CompareState> {
  constructor(api: VsCodeApi, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
    super(api, isCompareHostMessage, target);
  }
}
