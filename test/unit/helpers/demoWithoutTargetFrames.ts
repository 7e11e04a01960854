// A copy of the demo dataset as real datasets come: without `geometry.targetFrames`, so the extension must find
// the target's frames in the annotated videos. Returns where the generator had drawn the box, by uid.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export type DrawnFrames = Map<string, { frames: number; fps: number; visible: Array<[number, number]> }>;

/**
 * `demo` is the demo's folder (callers bundled elsewhere know it from their own root); `uidSuffix` renames every
 * question, for a window that has the demo itself loaded too (the first dataset holding a uid wins).
 */
export function copyDemoWithoutTargetFrames(demo: string, dest: string, uidSuffix = ''): DrawnFrames {
  cpSync(demo, dest, { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
  const drawn: DrawnFrames = new Map();
  for (const folder of readdirSync(dest)) {
    const file = path.join(dest, folder, 'question.json');
    let doc: { uid: string; geometry?: { targetFrames?: { frames: number; fps: number; visible: Array<[number, number]> } } };
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // not a question folder
    }
    doc.uid += uidSuffix;
    if (doc.geometry?.targetFrames) {
      drawn.set(doc.uid, doc.geometry.targetFrames);
      delete doc.geometry.targetFrames;
    }
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  const summary = path.join(dest, 'sample_summary.json');
  if (uidSuffix && existsSync(summary)) {
    const entries = JSON.parse(readFileSync(summary, 'utf8')) as Array<{ uid: string }>;
    writeFileSync(summary, JSON.stringify(entries.map((e) => ({ ...e, uid: e.uid + uidSuffix }))));
  }
  return drawn;
}
