// The floor rows' script: plain Node doing the least scoring work with this project's answer readers
// (scripts/bench/floors/scoreFloor.ts, bundled by `npm run build`).
import * as path from 'node:path';

export const SCORE_FLOOR_SCRIPT = path.join(path.dirname(__filename), '..', '..', '..', 'dist', 'bench', 'scoreFloor.js');
