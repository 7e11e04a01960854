// A viewer session on a real state with the diagnosis service as its source, recording what it sends.
import { ViewerSession } from '../../../src/panels/viewer/session';
import { createViewerHost, type ViewerDiagnosisSource } from '../../../src/panels/viewer/viewerHost';
import type { ViewerNotification } from '../../../src/shared/protocol';
import type { DiagnosisService } from '../../../src/store/diagnosisService';
import type { InspectorState } from '../../../src/store/state';

export const SAMPLING = { count: 32, method: 'uniform' as const };

export function recordingDiagnosisViewer(
  state: InspectorState,
  service: DiagnosisService,
  extra: Partial<ViewerDiagnosisSource> = {},
): { session: ViewerSession; sent: ViewerNotification[] } {
  const sent: ViewerNotification[] = [];
  const session = new ViewerSession({
    host: createViewerHost(state, {
      profile: () => 'paper',
      frameSampling: () => SAMPLING,
      lineFrames: (id) => service.lineFrames(id),
      ...extra,
    }),
    notify: (m) => sent.push(m) > 0,
    isReady: () => true,
    toUri: (p) => `webview://${p}`,
    readVideoInfo: async () => ({ fps: 10, videoCodec: 'avc1', audioCodec: null }),
  });
  return { session, sent };
}
