// Small in-memory questions and outcomes for the model tests, built with the core's own parser and scorer.
import {
  buildPrompt,
  parseGroundTruth,
  parsePrediction,
  scoreParsed,
  statusOf,
  subtaskForTask,
  subtaskInfo,
  type Question,
  type QuestionOutcome,
} from '../../../src/core';

let index = 0;

export function question(task: string, uid: string, answer: unknown, extra: Partial<Question> = {}): Question {
  const subtask = subtaskForTask(task);
  const info = subtaskInfo(subtask);
  const texts = extra.texts ?? ['Exploration video:', `Question about ${uid}?`];
  return {
    index: index++,
    uid,
    task,
    subtask,
    kind: info?.kind ?? null,
    scene: 'scene_1',
    answer,
    truth: info ? parseGroundTruth(info.kind, answer) : null,
    texts,
    video: null,
    images: [],
    prompt: buildPrompt(texts, false, 0),
    source: { file: `/data/${uid}/question.json` },
    dir: `/data/${uid}`,
    extra: {},
    problems: [],
    ...extra,
  };
}

export function outcome(q: Question, prediction: string, line = 1): QuestionOutcome {
  const parse = parsePrediction(q.kind!, prediction);
  const r = scoreParsed(q.truth!, parse.parsed, 'paper');
  return { uid: q.uid, line, prediction, parse, score: r.score, detail: r.detail, status: statusOf(r.score, parse.parsed !== null) };
}

export const TASKS = {
  edv: 'Object_Localization_Egocentric_Direction_visual',
  edistv: 'Object_Localization_Egocentric_Distance_visual',
  pos: 'Self_Localization_Global_Position',
  tdsE: 'Global_Structure_Understanding_Topdown_Selection_Easy',
  traj: 'Global_Structure_Understanding_Trajection_Selection',
};
