// One blind human-baseline run in the viewer: which question is asked, each answer recorded and saved before the
// next is shown, the result view, the reveal. No `vscode` import: the command glue (src/commands/humanBaseline.ts)
// feeds it, unit tests drive it with real files.
import type { Dataset, Question } from '../../../core/dataset/question';
import { isTypedAnswer, type TypedAnswer } from '../../../shared/answers/typedAnswer';
import { humanResultView, type ComparedModel } from '../../../shared/baseline/resultView';
import type { ScorableQuestion } from '../../../shared/baseline/score';
import { nextBlindQuestion, recordBlindAnswer, revealBlindSession, type BlindSession } from '../../../shared/baseline/session';
import type { BlindNotification, HumanResultView } from '../../../shared/protocol/blind';
import type { ScoringProfile } from '../../../shared/scoring/profiles';
import type { ToWebviewUri } from '../sampleView';
import type { readVideoInfo } from '../mp4Info';
import { buildBlindQuestionView } from './blindView';

export interface BlindRunDeps {
  getQuestion(uid: string): { question: Question; dataset: Dataset } | undefined;
  /** Resolves once the question's media are checked (the store's `mediaOf`); absent when they always are. */
  mediaOf?(question: Question): Promise<void>;
  /** The loaded result files to compare with (not the participant's own). */
  models(): ComparedModel[];
  profile(): ScoringProfile;
  /** Writes the session and the result file, each atomically; rejects when either cannot be written. */
  save(session: BlindSession): Promise<void>;
  resultFile: string;
  now(): Date;
  readVideoInfo?: typeof readVideoInfo;
}

export class BlindRun {
  /** Showing the result table rather than a question. */
  private showingResult = false;
  /** An answer being saved: a second submit meanwhile is refused, not recorded twice. */
  private saving = false;

  constructor(
    private current: BlindSession,
    private readonly deps: BlindRunDeps,
  ) {}

  session(): BlindSession {
    return this.current;
  }

  /** The uid being asked, or null when every question is answered or the answers were revealed. */
  asking(): string | null {
    return this.showingResult || this.current.revealed_at !== undefined ? null : nextBlindQuestion(this.current);
  }

  /** What the viewer should show now: the next question (its media as `toUri` makes them), or the result. */
  async view(toUri: ToWebviewUri): Promise<BlindNotification> {
    const uid = this.asking();
    if (uid !== null) {
      const found = this.deps.getQuestion(uid);
      if (found) await this.deps.mediaOf?.(found.question);
      const q = found
        ? await buildBlindQuestionView(found.question, {
            number: this.current.sample.indexOf(uid) + 1,
            total: this.current.sample.length,
            answered: this.current.answers.length,
            participant: this.current.name,
            toUri,
            readVideoInfo: this.deps.readVideoInfo,
          })
        : null;
      if (q) return { type: 'blindQuestion', question: q };
      return { type: 'blindClosed', message: `The sampled question ${this.current.sample.indexOf(uid) + 1} is not in the open datasets.` };
    }
    return { type: 'humanResult', result: this.result() };
  }

  /** Records the answer to question `number` (1-based in the sample) and saves; the session moves on only once saved. */
  async submit(number: number, answer: TypedAnswer, elapsedMs: number): Promise<{ saved: boolean; message?: string }> {
    const uid = this.asking();
    if (uid === null || this.current.sample[number - 1] !== uid)
      return { saved: false, message: `Question ${number} is not the one being asked.` };
    const kind = this.deps.getQuestion(uid)?.question.kind;
    if (!kind || !isTypedAnswer(answer, kind)) return { saved: false, message: `That is not a valid ${kind ?? ''} answer.` };
    if (this.saving) return { saved: false, message: 'The previous answer is still being saved.' };
    const next = recordBlindAnswer(this.current, uid, answer, elapsedMs, this.deps.now());
    this.saving = true;
    try {
      await this.deps.save(next);
    } finally {
      this.saving = false;
    }
    this.current = next;
    if (nextBlindQuestion(next) === null) this.showingResult = true;
    return { saved: true };
  }

  showResult(): void {
    this.showingResult = true;
  }

  /** Back to the questions; false when none is left to answer. */
  continueAnswering(): boolean {
    if (this.current.revealed_at !== undefined || nextBlindQuestion(this.current) === null) return false;
    this.showingResult = false;
    return true;
  }

  /** Ends answering and keeps that in the saved session. */
  async reveal(): Promise<void> {
    const next = revealBlindSession(this.current, this.deps.now());
    await this.deps.save(next);
    this.current = next;
    this.showingResult = true;
  }

  result(): HumanResultView {
    return humanResultView({
      session: this.current,
      questions: this.scorable(),
      models: this.deps.models(),
      profile: this.deps.profile(),
      resultFile: this.deps.resultFile,
    });
  }

  private scorable(): Map<string, ScorableQuestion> {
    const out = new Map<string, ScorableQuestion>();
    for (const uid of this.current.sample) {
      const q = this.deps.getQuestion(uid)?.question;
      if (q) out.set(uid, { subtask: q.subtask, kind: q.kind, truth: q.truth });
    }
    return out;
  }
}
