// Which new .jsonl files the workspace watcher considers: the ones auto-detection would have found
// (inside a workspace folder, within its depth, not in node_modules or dot-folders). Pure: unit-tested.
import * as path from 'node:path';
import { SIDECAR_SUFFIX } from '../core';
import { DETECT_LIMITS, SKIPPED_FOLDERS } from './detect';

export function isDetectableResultPath(file: string, folders: readonly string[], maxDepth: number = DETECT_LIMITS.maxDepth): boolean {
  if (!file.toLowerCase().endsWith('.jsonl')) return false;
  // A rescore's sidecar belongs to its source file, whose Results row shows it.
  if (file.endsWith(SIDECAR_SUFFIX)) return false;
  for (const folder of folders) {
    const rel = path.relative(folder, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const dirs = rel.split(path.sep).slice(0, -1);
    if (dirs.length > maxDepth) continue;
    if (dirs.some((d) => d.startsWith('.') || SKIPPED_FOLDERS.has(d))) continue;
    if (path.basename(file).startsWith('.')) continue;
    return true;
  }
  return false;
}
