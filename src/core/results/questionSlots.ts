import type { Dataset, Question } from '../dataset/question';

/**
 * Numbers the questions that one file's lines name, so that what is kept per question (its last score, line,
 * format loss) lives in typed arrays: a file of repeated runs then makes no object per line and hashes no uid a
 * second time. A question's slot is its `index` when the dataset holds it there (every read dataset does), else
 * one past the dataset's questions, given on first sight. Slots are listed in the order first taken, the order a
 * map keyed by uid would iterate, so that sums over them add in the same order.
 */
export class QuestionSlots {
  /** Every slot `take` can return is below it. */
  readonly capacity: number;
  private readonly inDataset: readonly Question[];
  /** The dataset's questions when this was made: slots below it are theirs, whatever the array holds later. */
  private readonly held: number;
  private readonly other = new Map<Question, number>();
  private readonly taken: Uint8Array;
  private readonly order: number[] = [];
  private readonly questions: Question[];

  constructor(dataset: Dataset) {
    this.inDataset = dataset.questions;
    this.held = dataset.questions.length;
    // Beyond the dataset's questions, at most one slot per question its uid map names.
    this.capacity = this.held + dataset.byUid.size;
    this.taken = new Uint8Array(this.capacity);
    this.questions = new Array<Question>(this.capacity);
  }

  /** The question's slot, taken on first sight. */
  take(q: Question): number {
    let slot = q.index;
    if (!(slot < this.held && this.inDataset[slot] === q)) {
      const given = this.other.get(q);
      if (given === undefined) {
        slot = this.held + this.other.size;
        if (slot >= this.capacity) throw new Error(`internal error: question ${q.uid} is not in the dataset scored against`);
        this.other.set(q, slot);
      } else slot = given;
    }
    if (this.taken[slot] === 0) {
      this.taken[slot] = 1;
      this.order.push(slot);
      this.questions[slot] = q;
    }
    return slot;
  }

  /** Each slot taken, with its question, in the order first taken. */
  forEach(visit: (slot: number, question: Question) => void): void {
    for (const slot of this.order) visit(slot, this.questions[slot]);
  }
}

/** The last line, score and parse of each question a file names, written in place by slot: a repeat makes no garbage. */
export class SlotScores {
  private readonly slots: QuestionSlots;
  /** 0 until the question is recorded (lines count from 1). */
  private readonly line: Int32Array;
  private readonly score: Float64Array;
  private readonly unparsed: Uint8Array;
  private recorded = false;

  constructor(dataset: Dataset) {
    this.slots = new QuestionSlots(dataset);
    this.line = new Int32Array(this.slots.capacity);
    this.score = new Float64Array(this.slots.capacity);
    this.unparsed = new Uint8Array(this.slots.capacity);
  }

  /** True once any question was recorded. */
  get any(): boolean {
    return this.recorded;
  }

  /** Records the question's score at `line`; returns the line it was recorded at before, 0 if none. */
  record(q: Question, line: number, score: number, unparsed: boolean): number {
    const slot = this.slots.take(q);
    const earlier = this.line[slot];
    this.line[slot] = line;
    this.score[slot] = score;
    this.unparsed[slot] = unparsed ? 1 : 0;
    this.recorded = true;
    return earlier;
  }

  /** Each question's last score, in the order first recorded. */
  forEach(visit: (q: Question, score: number, unparsed: boolean) => void): void {
    this.slots.forEach((slot, q) => visit(q, this.score[slot], this.unparsed[slot] === 1));
  }
}
