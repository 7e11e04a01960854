// A copy of the demo dataset as real datasets come: without `geometry.targetFrames`, so the extension must find
// the target's frames in the annotated videos. Returns where the generator had drawn the box, by uid.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { DEMO_DIR } from './demoResults';

export type DrawnFrames = Map<string, { frames: number; fps: number; visible: Array<[number, number]> }>;

export function copyDemoWithoutTargetFrames(dest: string): DrawnFrames {
  cpSync(DEMO_DIR, dest, { recursive: true, filter: (src) => !src.includes(`${path.sep}results`) });
  const drawn: DrawnFrames = new Map();
  for (const folder of readdirSync(dest)) {
    const file = path.join(dest, folder, 'question.json');
    let doc: { uid: string; geometry?: { targetFrames?: { frames: number; fps: number; visible: Array<[number, number]> } } };
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // not a question folder
    }
    if (!doc.geometry?.targetFrames) continue;
    drawn.set(doc.uid, doc.geometry.targetFrames);
    delete doc.geometry.targetFrames;
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return drawn;
}
