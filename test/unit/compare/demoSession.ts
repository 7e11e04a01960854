// The Compare panel's host side on the real demo dataset: a real InspectorState with the three demo result
// files (copies, so a test may change them) and a CompareSession that records what it sends.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readDataset } from '../../../src/core/dataset/reader';
import { evaluateFile } from '../../../src/core/results/evaluation';
import type { Dataset } from '../../../src/core';
import { createCompareHost } from '../../../src/panels/compare/compareHost';
import { CompareSession } from '../../../src/panels/compare/session';
import type { CompareNotification, CompareView } from '../../../src/shared/protocol/compare';
import { InspectorState } from '../../../src/store/state';
import { REPO_ROOT } from '../helpers/shared';

export const DEMO = path.join(REPO_ROOT, 'examples', 'demo');
export const DEMO_NAMES = ['noisy-oracle', 'random', 'template-b'];

export interface DemoFixture {
  dataset: Dataset;
  dir: string;
  file(name: string): string;
  setUp(ticked: string[]): Promise<DemoSession>;
  remove(): void;
}

export interface DemoSession {
  state: InspectorState;
  session: CompareSession;
  sent: CompareNotification[];
  shown: string[];
  tables(): CompareView[];
}

export async function demoFixture(): Promise<DemoFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gst-compare-'));
  const file = (name: string) => path.join(dir, `${name}.jsonl`);
  const dataset = await readDataset(DEMO, { sniffMedia: false });
  for (const n of DEMO_NAMES) copyFileSync(path.join(DEMO, 'results', `${n}.jsonl`), file(n));
  const setUp = async (ticked: string[]): Promise<DemoSession> => {
    const state = new InspectorState();
    state.slices.datasets.add(DEMO, 'user');
    state.slices.datasets.setLoaded(DEMO, { dataset });
    for (const n of DEMO_NAMES) {
      state.slices.results.add(file(n));
      state.slices.results.setEvaluation(file(n), { evaluation: await evaluateFile(dataset, file(n), { profile: 'paper' }) });
    }
    for (const n of ticked) state.setCompared(file(n), true);
    const sent: CompareNotification[] = [];
    const shown: string[] = [];
    const session = new CompareSession({
      host: createCompareHost(state, { options: () => ({ profile: 'paper' }), showQuestion: (uid) => shown.push(uid) }),
      notify: (m) => sent.push(m) > 0,
      isReady: () => true,
    });
    const tables = () => sent.flatMap((m) => (m.type === 'table' ? [m.view] : []));
    return { state, session, sent, shown, tables };
  };
  return { dataset, dir, file, setUp, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
