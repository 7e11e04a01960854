import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** One question per answer kind, in layout B (an annotations .jsonl), without media. */
export const TINY_QUESTIONS = [
  {
    task: 'Object_Localization_Egocentric_Direction_visual',
    uid: 'q_angle',
    scene: 'scene_1',
    answer: '-134',
    texts: ['t0', 'Your current view is :', 'Which direction?'],
  },
  { task: 'Object_Localization_Egocentric_Distance_semantic', uid: 'q_dist', scene: 'scene_1', answer: 1.0, texts: ['t0', 'How far?'] },
  {
    task: 'Self_Localization_Global_Position',
    uid: 'q_point',
    scene: 'scene_2',
    answer: '<point>391 698</point>',
    texts: ['t0', 'Where?'],
  },
  {
    task: 'Global_Structure_Understanding_Trajection_Selection',
    uid: 'q_choice',
    scene: 'scene_2',
    answer: 'C',
    texts: ['t0', 'Which?\nA.', '\nB.', '\nC.', '\nD.'],
  },
];

/** Writes the tiny dataset to `dir` (by default a fresh temp folder) and returns the annotations file path. */
export function writeTinyDataset(dir = mkdtempSync(path.join(tmpdir(), 'gst-tiny-'))): string {
  const file = path.join(dir, 'annotations.jsonl');
  writeFileSync(file, TINY_QUESTIONS.map((q) => JSON.stringify(q)).join('\n') + '\n');
  return file;
}
