import { lstat, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { Dataset } from './question';
import { QUESTION_FILE } from './reader';

/**
 * When `dataset` was read from a single question folder of a layout-A dataset (a folder holding its own
 * question.json, whose parent folder holds other question folders), the parent: the folder the user most
 * likely meant. Otherwise undefined. Reads only the parent's listing and the siblings' entries.
 */
export async function enclosingLayoutADataset(dataset: Dataset): Promise<string | undefined> {
  if (dataset.layout !== 'folders' || dataset.questions.length !== 1 || dataset.questions[0].dir !== dataset.root) return undefined;
  const parent = path.dirname(dataset.root);
  if (parent === dataset.root) return undefined;
  let entries;
  try {
    entries = await readdir(parent, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const self = path.basename(dataset.root);
  for (const e of entries) {
    if (!e.isDirectory() || e.name === self || e.name.startsWith('.')) continue;
    try {
      if ((await lstat(path.join(parent, e.name, QUESTION_FILE))).isFile()) return parent;
    } catch {
      // not a question folder
    }
  }
  return undefined;
}
