// The time a participant spends on a blind question counts only while the page is in front of them: it stops
// when the panel is hidden or loses focus and goes on when it is back, so a coffee break is not "time spent".
// Apart from React so it can be tested with a clock of the test's own.

export class ActiveClock {
  private banked: number;
  private since: number | null;

  /** Starts running at once, with `bankedMs` already counted (a page shown again carries its time over). */
  constructor(
    private readonly now: () => number,
    bankedMs = 0,
  ) {
    this.banked = bankedMs;
    this.since = now();
  }

  get running(): boolean {
    return this.since !== null;
  }

  pause(): void {
    if (this.since === null) return;
    this.banked += this.now() - this.since;
    this.since = null;
  }

  resume(): void {
    if (this.since === null) this.since = this.now();
  }

  /** Milliseconds counted so far. */
  elapsed(): number {
    return this.banked + (this.since === null ? 0 : this.now() - this.since);
  }
}
