// Entry of the scoreboard panel's bundle (dist/webview/scoreboard.js and .css).
import { bootPanel } from '../common/boot';
import { mountScoreboard } from '../scoreboard/main';

bootPanel('scoreboard', mountScoreboard);
