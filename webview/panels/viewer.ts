// Entry of the viewer panel's bundle (dist/webview/viewer.js and .css).
import { bootPanel } from '../common/boot';
import { mountViewer } from '../viewer/main';

bootPanel('viewer', mountViewer);
