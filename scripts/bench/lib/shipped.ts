// The in-process rows' code as it ships: dist/bench/core.js, built from scripts/bench/shipped/core.ts.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const SHIPPED_CORE = path.join(path.dirname(__filename), '..', '..', '..', 'dist', 'bench', 'core.js');

/** The bundled core; throws, naming the command to run, when the build is missing. */
export function shippedCore(): typeof import('../shipped/core') {
  if (!existsSync(SHIPPED_CORE)) throw new Error(`${SHIPPED_CORE} is missing: run \`npm run build\` first`);
  return createRequire(__filename)(SHIPPED_CORE) as typeof import('../shipped/core');
}
