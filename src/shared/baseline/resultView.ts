// The human baseline's result as the viewer shows it: the participant's score per subtask and overall beside the
// paper's human row and each loaded result file's score on the same questions (a fair comparison: the same
// sample), and, once revealed, every answer against the truth.
import { formatScore, formatQuestionScore } from '../format';
import { formatParsed } from '../parsing/parsedValue';
import { parsePrediction } from '../parsing/answerParser';
import { PAPER_TABLE1 } from '../reference/paper';
import type { ScoringProfile } from '../scoring/profiles';
import { ScoreAccumulator } from '../scoring/aggregate';
import { scoreParsed } from '../scoring/scorer';
import { SUBTASKS, subtaskInfo, type SubtaskKey } from '../subtasks';
import type { HumanResultRow, HumanResultView, RevealedQuestion } from '../protocol/blind';
import { describeHumanScore, scoreBlindSession, type ScorableQuestion } from './score';
import { nextBlindQuestion, type BlindSession } from './session';

/** A loaded result file: its label and colour, its overall on the whole dataset, and its score per question. */
export interface ComparedModel {
  label: string;
  colorIndex: number;
  overall: number | null;
  outcome(uid: string): { score: number; unparsed: boolean } | undefined;
}

const PAPER_HUMAN_ROW = PAPER_TABLE1.find((r) => r.group === 'human')!;

export interface HumanResultInput {
  session: BlindSession;
  questions: ReadonlyMap<string, ScorableQuestion>;
  models: readonly ComparedModel[];
  profile: ScoringProfile;
  resultFile: string;
}

export function humanResultView({ session, questions, models, profile, resultFile }: HumanResultInput): HumanResultView {
  const human = scoreBlindSession(session, questions, profile);
  const answered = session.answers.map((a) => a.uid);
  const onSample = models.map((m) => {
    const acc = new ScoreAccumulator();
    for (const uid of answered) {
      const q = questions.get(uid);
      const o = m.outcome(uid);
      if (q && o && q.subtask !== 'other') acc.add(q.subtask, o.score, o.unparsed);
    }
    return { subtasks: acc.subtasks(), overall: acc.overall() };
  });
  const rows: HumanResultRow[] = SUBTASKS.map((s) => ({
    key: s.key,
    label: s.abbreviation,
    you: formatScore(human.subtasks[s.key]?.score),
    n: human.subtasks[s.key]?.n ?? 0,
    paper: formatScore(PAPER_HUMAN_ROW.subtasks[s.key]),
    models: onSample.map((m) => formatScore(m.subtasks[s.key]?.score)),
  }));
  rows.push({
    key: 'overall',
    label: 'Avg.',
    you: formatScore(human.overall),
    n: human.answered,
    paper: formatScore(human.paperHuman),
    models: onSample.map((m) => formatScore(m.overall)),
  });
  const view: HumanResultView = {
    participant: session.name,
    answered: human.answered,
    total: human.sampled,
    // The difference is given without uncertainty only when none can be computed yet; say so rather than leave it bare.
    summary:
      describeHumanScore(human) +
      (human.difference !== null && human.interval95 === null ? '; no interval yet: every subtask needs two answers' : ''),
    rows,
    models: models.map((m) => ({ label: m.label, colorIndex: m.colorIndex, overall: formatScore(m.overall) })),
    finished: nextBlindQuestion(session) === null || session.revealed_at !== undefined,
    revealed: session.revealed_at !== undefined,
    resultFile,
  };
  if (view.revealed) view.questions = revealedQuestions(session, questions, profile);
  return view;
}

function revealedQuestions(
  session: BlindSession,
  questions: ReadonlyMap<string, ScorableQuestion>,
  profile: ScoringProfile,
): RevealedQuestion[] {
  const given = new Map(session.answers.map((a) => [a.uid, a]));
  return session.sample.map((uid, i) => {
    const q = questions.get(uid);
    const a = given.get(uid);
    const subtask = q && q.subtask !== 'other' ? (subtaskInfo(q.subtask as SubtaskKey)?.abbreviation ?? q.subtask) : 'Other';
    const parsed = a && q?.kind ? parsePrediction(q.kind, a.prediction).parsed : null;
    return {
      number: i + 1,
      uid,
      subtask,
      yours: a ? formatParsed(parsed) : 'not answered',
      truth: q?.truth ? formatParsed(q.truth) : 'no valid answer',
      score: a && q?.truth ? formatQuestionScore(scoreParsed(q.truth, parsed, profile).score) : '—',
    };
  });
}
