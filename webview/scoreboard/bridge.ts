// The scoreboard's bridge: the shared panel bridge over the scoreboard's contract.
import { isScoreboardHostMessage, type ScoreboardContract, type ScoreboardState } from '../../src/shared/protocol';
import { PanelBridge, type VsCodeApi } from '../common/bridge';

export type { VsCodeApi };

export class ScoreboardBridge extends PanelBridge<ScoreboardContract, ScoreboardState> {
  constructor(api: VsCodeApi, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
    super(api, isScoreboardHostMessage, target);
  }
}
