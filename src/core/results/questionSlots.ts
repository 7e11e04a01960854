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
