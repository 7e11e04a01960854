// The paper's published numbers (source below), transcribed by hand; a unit test checks that every row's
// 12 subtasks average to its Avg. within rounding.
import type { SubtaskKey } from '../subtasks';

/** Where the numbers come from; printed beside them. */
export const PAPER_SOURCE =
  'GST-Bench, "Can VLMs Develop Global Spatial Awareness from Video?" (arXiv 2608.05747): Table 1 and the GST-Bench-Local table, ' +
  "as shown on the authors' project page (github.com/qwerirwq/GST-Bench, static/images/GST-images/table_main_body.png, table_local_body.png)";

export type ReferenceGroup = 'proprietary' | 'open-source' | 'embodied' | 'random' | 'human' | 'fine-tuned';

export const REFERENCE_GROUPS: ReadonlyArray<{ key: ReferenceGroup; name: string }> = [
  { key: 'proprietary', name: 'Proprietary' },
  { key: 'open-source', name: 'Open source' },
  { key: 'embodied', name: 'Embodied' },
  { key: 'random', name: 'Random guessing' },
  { key: 'human', name: 'Human level' },
  { key: 'fine-tuned', name: 'Fine-tuned' },
];

export interface ReferenceRow {
  group: ReferenceGroup;
  model: string;
  /** Percentages as published (two decimals): ED*, GP*, Pos, Ori mAcc; EDist* MRA; TDS*, Traj accuracy. */
  subtasks: Record<SubtaskKey, number>;
  /** The published Avg.: the arithmetic mean of the 12, rounded to two decimals. */
  avg: number;
}

const row = (group: ReferenceGroup, model: string, v: number[], avg: number): ReferenceRow => ({
  group,
  model,
  subtasks: {
    ed_v: v[0],
    edist_v: v[1],
    gp_v: v[2],
    ed_s: v[3],
    edist_s: v[4],
    gp_s: v[5],
    position: v[6],
    orientation: v[7],
    tds_easy: v[8],
    tds_medium: v[9],
    tds_hard: v[10],
    trajectory: v[11],
  },
  avg,
});

/** Table 1, all 25 rows in the paper's order: 22 zero-shot models, random guessing, the human level, the fine-tuned model. */
export const PAPER_TABLE1: ReadonlyArray<ReferenceRow> = [
  row('proprietary', 'Gemini-2.5-Pro', [18.6, 42.0, 31.8, 23.08, 35.4, 32.4, 30.47, 21.52, 97.69, 80.0, 41.01, 37.44], 40.95),
  row('proprietary', 'Gemini-3-Pro', [21.73, 25.35, 42.23, 22.11, 27.39, 43.67, 37.47, 16.89, 98.15, 82.73, 52.25, 42.18], 42.68),
  row('proprietary', 'GPT-5', [27.98, 27.35, 34.28, 31.09, 27.39, 43.23, 22.33, 16.74, 97.69, 79.55, 43.26, 39.34], 40.85),
  row('proprietary', 'GPT-4o', [19.64, 10.09, 22.36, 13.46, 10.13, 25.24, 24.03, 15.99, 81.02, 71.36, 45.51, 25.12], 30.33),
  row('proprietary', 'Seed1.8', [16.37, 12.43, 27.96, 20.35, 13.32, 36.07, 28.45, 17.79, 99.07, 67.27, 37.64, 31.75], 34.04),
  row('open-source', 'LLaVA-OV-1.5-4B', [17.41, 4.17, 14.28, 17.63, 4.34, 18.86, 20.23, 16.29, 49.54, 37.27, 27.53, 25.59], 21.1),
  row('open-source', 'LLaVA-OV-1.5-8B', [17.71, 5.52, 14.22, 18.11, 3.94, 10.83, 13.33, 16.89, 52.78, 33.18, 21.91, 26.54], 19.58),
  row('open-source', 'Qwen3-VL-2B', [17.41, 4.13, 9.73, 16.19, 6.55, 18.08, 20.93, 18.39, 88.89, 25.91, 21.35, 24.17], 22.64),
  row('open-source', 'Qwen3-VL-4B', [15.33, 4.09, 17.46, 16.66, 6.55, 12.66, 19.61, 18.09, 94.44, 34.09, 22.47, 26.07], 23.96),
  row('open-source', 'Qwen3-VL-8B', [18.75, 5.57, 17.35, 12.5, 11.59, 13.01, 24.81, 17.64, 96.76, 42.27, 25.28, 25.12], 25.89),
  row('open-source', 'Qwen3-VL-32B', [16.67, 13.96, 18.05, 15.22, 16.19, 26.55, 24.03, 17.64, 94.44, 60.45, 32.58, 29.38], 30.43),
  row('open-source', 'InternVL3.5-2B', [18.45, 2.7, 9.5, 18.11, 4.56, 13.97, 12.25, 17.34, 59.72, 29.09, 25.84, 25.12], 19.72),
  row('open-source', 'InternVL3.5-4B', [15.63, 4.96, 8.91, 12.02, 5.4, 5.15, 20.62, 16.29, 66.67, 30.91, 25.28, 26.07], 19.83),
  row('open-source', 'InternVL3.5-8B', [17.71, 5.57, 19.06, 16.67, 8.36, 14.85, 18.84, 13.9, 75.0, 35.0, 25.84, 25.12], 22.99),
  row('open-source', 'InternVL3.5-38B', [21.28, 11.13, 20.29, 20.03, 10.44, 33.1, 22.09, 20.63, 75.0, 68.64, 36.52, 29.38], 30.71),
  row('open-source', 'NVILA-8B', [18.15, 7.22, 15.87, 16.02, 7.52, 26.64, 6.67, 16.44, 79.17, 34.55, 29.78, 25.59], 23.64),
  row('open-source', 'NVILA-15B', [15.47, 4.74, 8.85, 16.66, 3.1, 10.13, 8.06, 17.79, 74.07, 40.0, 32.02, 22.27], 21.1),
  row('embodied', 'Cosmos-Reason2-2B', [15.18, 3.91, 8.38, 14.1, 7.65, 8.47, 17.75, 16.74, 78.7, 24.09, 26.4, 18.48], 19.99),
  row('embodied', 'Cosmos-Reason2-8B', [13.39, 6.96, 10.86, 16.83, 7.61, 10.57, 19.77, 14.5, 84.26, 28.64, 23.6, 22.75], 21.64),
  row('embodied', 'RoboBrain2.5-8B', [20.24, 10.39, 14.04, 19.23, 11.28, 14.06, 20.31, 16.74, 80.56, 37.27, 26.97, 24.17], 24.61),
  row('embodied', 'Robix-7B', [17.41, 12.35, 24.13, 18.43, 12.52, 21.83, 22.95, 15.99, 88.43, 53.18, 35.96, 25.59], 29.06),
  row('embodied', 'Robix-32B', [18.9, 24.87, 21.95, 18.91, 20.18, 21.05, 22.48, 17.94, 84.72, 43.64, 30.9, 25.59], 29.26),
  row('random', 'Random Guessing', [14.88, 23.22, 15.04, 17.31, 20.4, 14.15, 16.51, 15.55, 23.15, 27.73, 24.72, 27.49], 20.01),
  row('human', 'Human Level (20 samples/task)', [75.0, 41.5, 93.0, 70.0, 41.5, 89.0, 84.0, 85.0, 100.0, 95.0, 85.0, 90.0], 79.08),
  row(
    'fine-tuned',
    'Qwen3-VL-8B (fine-tuned on GST-Train)',
    [53.72, 39.7, 48.97, 49.36, 31.95, 57.64, 40.55, 44.39, 99.07, 88.18, 37.08, 51.66],
    53.52,
  ),
];

/** The human row was measured on 20 questions per subtask, as its label says. */
export const PAPER_HUMAN_QUESTIONS_PER_SUBTASK = 20;

/** GST-Bench's size: the questions every other Table 1 row was scored on. */
export const PAPER_QUESTIONS = 2762;

/** The questions a Table 1 row was scored on. */
export function paperRowQuestions(row: ReferenceRow): number {
  return row.group === 'human' ? PAPER_HUMAN_QUESTIONS_PER_SUBTASK * 12 : PAPER_QUESTIONS;
}

export type LocalSetting = 'global' | 'local-video' | 'local-image';

/**
 * The local-control experiment on EDs and EDists: `global`, the target is not visible in the current view;
 * `local-video`, it is visible and the video is still given; `local-image`, the current view alone.
 */
export interface LocalControlRow {
  model: string;
  subtask: Extract<SubtaskKey, 'ed_s' | 'edist_s'>;
  scores: Record<LocalSetting, number>;
}

export const PAPER_LOCAL_CONTROL: ReadonlyArray<LocalControlRow> = [
  { model: 'Gemini-2.5-Pro', subtask: 'ed_s', scores: { global: 23.08, 'local-video': 41.62, 'local-image': 66.49 } },
  { model: 'Gemini-3-Pro', subtask: 'ed_s', scores: { global: 22.11, 'local-video': 46.38, 'local-image': 61.2 } },
  { model: 'GPT-5', subtask: 'ed_s', scores: { global: 31.09, 'local-video': 60.32, 'local-image': 65.61 } },
  { model: 'GPT-4o', subtask: 'ed_s', scores: { global: 13.46, 'local-video': 13.33, 'local-image': 7.05 } },
  { model: 'Qwen3-VL-2B', subtask: 'ed_s', scores: { global: 16.19, 'local-video': 11.29, 'local-image': 11.64 } },
  { model: 'Qwen3-VL-8B', subtask: 'ed_s', scores: { global: 12.5, 'local-video': 2.82, 'local-image': 13.4 } },
  { model: 'InternVL3.5-2B', subtask: 'ed_s', scores: { global: 18.11, 'local-video': 32.8, 'local-image': 25.4 } },
  { model: 'InternVL3.5-8B', subtask: 'ed_s', scores: { global: 16.67, 'local-video': 12.35, 'local-image': 8.64 } },
  { model: 'Gemini-2.5-Pro', subtask: 'edist_s', scores: { global: 35.4, 'local-video': 46.94, 'local-image': 53.39 } },
  { model: 'Gemini-3-Pro', subtask: 'edist_s', scores: { global: 27.39, 'local-video': 48.58, 'local-image': 55.79 } },
  { model: 'GPT-5', subtask: 'edist_s', scores: { global: 27.39, 'local-video': 26.01, 'local-image': 31.04 } },
  { model: 'GPT-4o', subtask: 'edist_s', scores: { global: 10.13, 'local-video': 23.66, 'local-image': 22.68 } },
  { model: 'Qwen3-VL-2B', subtask: 'edist_s', scores: { global: 6.55, 'local-video': 17.98, 'local-image': 14.48 } },
  { model: 'Qwen3-VL-8B', subtask: 'edist_s', scores: { global: 11.59, 'local-video': 17.1, 'local-image': 26.12 } },
  { model: 'InternVL3.5-2B', subtask: 'edist_s', scores: { global: 4.56, 'local-video': 7.32, 'local-image': 7.92 } },
  { model: 'InternVL3.5-8B', subtask: 'edist_s', scores: { global: 8.36, 'local-video': 28.42, 'local-image': 25.79 } },
];

/** The settings a result line's `setting` field may name, in the paper's order. */
export const LOCAL_SETTINGS: ReadonlyArray<LocalSetting> = ['global', 'local-video', 'local-image'];

/** The paper's local-control rows for a model name (case-insensitive), if it reported any. */
export function paperLocalControl(model: string | undefined): LocalControlRow[] {
  if (!model) return [];
  const m = model.trim().toLowerCase();
  return PAPER_LOCAL_CONTROL.filter((r) => r.model.toLowerCase() === m);
}
