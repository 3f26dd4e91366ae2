/**
 * A job that runs one pass at a time: asked again while a pass is going, it goes round once more afterwards instead
 * of starting a second run, and every caller waits for that same run. Used by the outbox re-read and the replayer.
 */
export class CoalescedRun {
  private current: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    /** A run ends early when this says no (checked before every pass). */
    private readonly canRun: () => boolean,
    /** A pass that throws ends the run; the next request starts a new one. */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The run going now, or null. */
  get running(): Promise<void> | null {
    return this.current;
  }

  request(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    const run = (async () => {
      do {
        this.again = false;
        if (!this.canRun()) break;
        await this.pass();
      } while (this.again);
    })().catch(this.onError);
    // Cleared when it settles, and only if no newer run replaced it (the loop may end at once: nothing to do).
    const tracked: Promise<void> = run.finally(() => {
      if (this.current === tracked) this.current = null;
    });
    this.current = tracked;
    return tracked;
  }
}
