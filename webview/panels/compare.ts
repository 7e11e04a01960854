// Entry of the compare panel's bundle (dist/webview/compare.js and .css).
import { bootPanel } from '../common/boot';
import { mountCompare } from '../compare/main';

bootPanel('compare', mountCompare);
