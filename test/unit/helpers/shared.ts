import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** `../shared` beside the repository root: real GST-Bench samples and the paper's tables. */
export const SHARED_DIR = path.resolve(__dirname, '../../../../shared');
export const HAVE_SHARED = existsSync(SHARED_DIR);

/** Pass as the `skip` option of a test that needs ../shared; the message says why it was skipped. */
export const NEEDS_SHARED: string | false = HAVE_SHARED
  ? false
  : `../shared is absent (looked in ${path.relative(process.cwd(), SHARED_DIR)}); the real-sample test is skipped`;

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** The subtask columns of the paper's Table 1, in its order: the tables the CLI prints must follow it. */
export const PAPER_COLUMNS = ['EDv', 'EDistv', 'GPv', 'EDs', 'EDists', 'GPs', 'Pos', 'Ori', 'TDS-E', 'TDS-M', 'TDS-H', 'Traj'];
