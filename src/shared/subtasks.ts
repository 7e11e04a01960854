// The 12 GST-Bench subtasks: keys, the paper's abbreviations,
// and the task strings of the released question.json files, in the paper's Table 1 order.

export type AnswerKind = 'angle' | 'distance' | 'point' | 'choice';

export type CompetencyKey = 'object_localization' | 'self_localization' | 'scene_structure';

export type SubtaskKey =
  | 'ed_v'
  | 'edist_v'
  | 'gp_v'
  | 'ed_s'
  | 'edist_s'
  | 'gp_s'
  | 'position'
  | 'orientation'
  | 'tds_easy'
  | 'tds_medium'
  | 'tds_hard'
  | 'trajectory';

/** Questions whose task string matches no subtask are kept under this key, never dropped. */
export const OTHER = 'other' as const;
export type SubtaskOrOther = SubtaskKey | typeof OTHER;

export interface SubtaskInfo {
  key: SubtaskKey;
  abbreviation: string;
  name: string;
  competency: CompetencyKey;
  kind: AnswerKind;
  /** Canonical task string, as in the authors' question.json. */
  task: string;
}

export const COMPETENCIES: ReadonlyArray<{ key: CompetencyKey; name: string }> = [
  { key: 'object_localization', name: 'Object Localization' },
  { key: 'self_localization', name: 'Self Localization' },
  { key: 'scene_structure', name: 'Scene Structure Understanding' },
];

/** In the paper's column order (Table 1). */
export const SUBTASKS: ReadonlyArray<SubtaskInfo> = [
  {
    key: 'ed_v',
    abbreviation: 'EDv',
    name: 'Egocentric Direction (visual)',
    competency: 'object_localization',
    kind: 'angle',
    task: 'Object_Localization_Egocentric_Direction_visual',
  },
  {
    key: 'edist_v',
    abbreviation: 'EDistv',
    name: 'Egocentric Distance (visual)',
    competency: 'object_localization',
    kind: 'distance',
    task: 'Object_Localization_Egocentric_Distance_visual',
  },
  {
    key: 'gp_v',
    abbreviation: 'GPv',
    name: 'Global Position (visual)',
    competency: 'object_localization',
    kind: 'point',
    task: 'Object_Localization_Global_Position_visual',
  },
  {
    key: 'ed_s',
    abbreviation: 'EDs',
    name: 'Egocentric Direction (semantic)',
    competency: 'object_localization',
    kind: 'angle',
    task: 'Object_Localization_Egocentric_Direction_semantic',
  },
  {
    key: 'edist_s',
    abbreviation: 'EDists',
    name: 'Egocentric Distance (semantic)',
    competency: 'object_localization',
    kind: 'distance',
    task: 'Object_Localization_Egocentric_Distance_semantic',
  },
  {
    key: 'gp_s',
    abbreviation: 'GPs',
    name: 'Global Position (semantic)',
    competency: 'object_localization',
    kind: 'point',
    task: 'Object_Localization_Global_Position_semantic',
  },
  {
    key: 'position',
    abbreviation: 'Pos',
    name: 'Self Position',
    competency: 'self_localization',
    kind: 'point',
    task: 'Self_Localization_Global_Position',
  },
  {
    key: 'orientation',
    abbreviation: 'Ori',
    name: 'Self Orientation',
    competency: 'self_localization',
    kind: 'angle',
    task: 'Self_Localization_Global_Orientation',
  },
  {
    key: 'tds_easy',
    abbreviation: 'TDS-E',
    name: 'Top-down Selection (easy)',
    competency: 'scene_structure',
    kind: 'choice',
    task: 'Global_Structure_Understanding_Topdown_Selection_Easy',
  },
  {
    key: 'tds_medium',
    abbreviation: 'TDS-M',
    name: 'Top-down Selection (medium)',
    competency: 'scene_structure',
    kind: 'choice',
    task: 'Global_Structure_Understanding_Topdown_Selection_Medium',
  },
  {
    key: 'tds_hard',
    abbreviation: 'TDS-H',
    name: 'Top-down Selection (hard)',
    competency: 'scene_structure',
    kind: 'choice',
    task: 'Global_Structure_Understanding_Topdown_Selection_Hard',
  },
  {
    key: 'trajectory',
    abbreviation: 'Traj',
    name: 'Trajectory Selection',
    competency: 'scene_structure',
    kind: 'choice',
    task: 'Global_Structure_Understanding_Trajection_Selection',
  },
];

export const SUBTASK_KEYS: ReadonlyArray<SubtaskKey> = SUBTASKS.map((s) => s.key);

const BY_KEY = new Map<string, SubtaskInfo>(SUBTASKS.map((s) => [s.key, s]));
const BY_TASK = new Map<string, SubtaskInfo>(SUBTASKS.map((s) => [s.task.toLowerCase(), s]));
// The authors spell the trajectory task "Trajection"; "Trajectory" occurs too.
BY_TASK.set('global_structure_understanding_trajectory_selection', BY_KEY.get('trajectory')!);

export function subtaskInfo(key: string): SubtaskInfo | undefined {
  return BY_KEY.get(key);
}

/** Maps a task string to its subtask key, ignoring case; unknown tasks map to `other`. */
export function subtaskForTask(task: string): SubtaskOrOther {
  return BY_TASK.get(task.trim().toLowerCase())?.key ?? OTHER;
}

export function isSubtaskKey(key: string): key is SubtaskKey {
  return BY_KEY.has(key);
}
