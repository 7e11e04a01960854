// The media checks a dataset read leaves for later (`readDatasetDeferringMedia`). The questions come first, so
// that a tree can show them and results can be scored, which need no media file; each media file is looked at
// afterwards: all of them in slices of time, or one question's at once when a viewer opens it. On a network
// disk the benchmark's thousands of media files are seconds of `lstat`s and opens.
import type { Problem } from '../../shared/problems';
import { TimeSlicer } from '../io/timeSlices';
import type { Dataset, Question } from './question';
import type { DatasetReadCache } from './realFolders';

/** Checks one media ref and writes what it found into the ref and its question's problems; a promise when it waits on I/O. */
export interface MediaCheckJob {
  run(): void | Promise<void>;
}

export class DeferredMedia {
  private readonly waiting = new Map<Question, MediaCheckJob[]>();
  private readonly running = new Map<Question, Promise<void>>();
  private readonly checked = new Map<Question, Array<(addedProblems: number) => void>>();
  private readonly afterwards: Array<() => void | Promise<void>> = [];
  private finishing: Promise<void> | undefined;
  private readonly beforeOne: Array<() => void> = [];
  private dataset: Dataset | undefined;
  private finished = false;

  constructor(private readonly cache?: DatasetReadCache) {}

  /** For the reader: the checks of a question it built. */
  claim(question: Question, jobs: MediaCheckJob[]): void {
    this.waiting.set(question, jobs);
  }

  /** For the reader: the dataset the questions were read into, whose problem list `all` completes. */
  attach(dataset: Dataset): void {
    this.dataset = dataset;
  }

  /** For the reader: `then` runs once the question's media are checked, with how many problems they added. */
  whenChecked(question: Question, then: (addedProblems: number) => void): void {
    const list = this.checked.get(question);
    if (list) list.push(then);
    else this.checked.set(question, [then]);
  }

  /** For the reader: other work its read left for later, run once every media file is checked, before the problem list is completed. */
  afterChecks(job: () => void | Promise<void>): void {
    this.afterwards.push(job);
  }

  /** For the reader: work a question checked on its own needs too (its record's line, to open it), run before the first. */
  beforeAQuestion(job: () => void): void {
    this.beforeOne.push(job);
  }

  /** True once every question's media are checked and the dataset's problems include theirs. */
  get done(): boolean {
    return this.finished;
  }

  /** True while this question's media are not checked yet. */
  has(question: Question): boolean {
    return this.waiting.has(question) || this.running.has(question);
  }

  /** True while a question to be shown on its own needs `question` first: for its media checks, or its record's line. */
  needs(question: Question): boolean {
    return this.has(question) || (this.beforeOne.length > 0 && this.dataset?.questions[question.index] === question);
  }

  /**
   * Checks one question's media, if not yet done, and does what else it needs to be shown (`needs`); resolves once its
   * refs and problems are final. A question of another dataset is left alone.
   */
  async question(question: Question): Promise<void> {
    if (!this.needs(question)) return;
    for (const job of this.beforeOne.splice(0)) job();
    await this.check(question);
  }

  /**
   * Runs the question's checks; undefined when they are done (at once for files in real folders: no promise per
   * question), else a promise of their end.
   */
  private check(question: Question): Promise<void> | undefined {
    const started = this.running.get(question);
    if (started) return started;
    const jobs = this.waiting.get(question);
    if (!jobs) return undefined;
    this.waiting.delete(question);
    const before = question.problems.length;
    const finish = () => {
      const added = question.problems.length - before;
      for (const then of this.checked.get(question) ?? []) then(added);
      this.checked.delete(question);
    };
    for (let i = 0; i < jobs.length; i++) {
      const waiting = jobs[i].run();
      if (waiting instanceof Promise) {
        // The rest one after another, as the first waits.
        const run = (async () => {
          await waiting;
          for (const job of jobs.slice(i + 1)) await job.run();
          finish();
        })().finally(() => this.running.delete(question));
        this.running.set(question, run);
        return run;
      }
    }
    finish();
    return undefined;
  }

  /**
   * Checks every question's media in slices of time, then adds their problems to the dataset's list (after the
   * dataset's own, question by question, as a full read lists them). Rejects with the signal's reason once aborted.
   */
  async all(signal?: AbortSignal): Promise<void> {
    const slicer = new TimeSlicer();
    for (const question of [...this.waiting.keys()]) {
      signal?.throwIfAborted();
      const waiting = this.check(question);
      if (waiting) await waiting;
      if (slicer.due()) await slicer.pause();
    }
    await Promise.all(this.running.values());
    signal?.throwIfAborted();
    // Once: a second pass running at the same time waits for the first one's end. A pass that failed is not kept,
    // so the next one runs the jobs left and completes the problem list.
    this.finishing ??= this.finish().catch((e: unknown) => {
      this.finishing = undefined;
      throw e;
    });
    await this.finishing;
  }

  private async finish(): Promise<void> {
    // Taken off as they run, so that the dataset does not keep what they held (the folders seen, an annotations
    // text), and a job that throws is not run again.
    for (let job = this.afterwards.shift(); job; job = this.afterwards.shift()) await job();
    this.beforeOne.length = 0;
    this.finished = true;
    if (this.dataset) this.dataset.problems = withQuestionProblems(this.dataset);
    // Only now has this read named every media file it uses: the cache keeps those.
    this.cache?.readFinished();
  }
}

/** The dataset's own problems (files, the summary), then every question's, in question order. */
function withQuestionProblems(dataset: Dataset): Problem[] {
  const ofQuestions = new Set<Problem>();
  for (const q of dataset.questions) for (const p of q.problems) ofQuestions.add(p);
  const own = dataset.problems.filter((p) => !ofQuestions.has(p));
  return [...own, ...dataset.questions.flatMap((q) => q.problems)];
}
