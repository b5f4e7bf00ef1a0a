/**
 * A clock the simulator moves by hand, after XState's SimulatedClock (packages/core/src/SimulatedClock.ts):
 * time only passes when `increment` or `set` is called. The flow machine reads it through its `clock`
 * option, so every event of a simulated run carries the simulated time, and deadlines (timers, SLA
 * reminders) fall due when the clock is fast-forwarded past them.
 */
export class SimClock {
  private t: number;
  constructor(start: string | number) {
    const t = typeof start === 'number' ? start : Date.parse(start);
    if (!Number.isFinite(t)) throw new RangeError(`invalid start time: ${String(start)}`);
    this.t = t;
  }
  /** Milliseconds since the epoch. */
  now(): number {
    return this.t;
  }
  iso(): string {
    return new Date(this.t).toISOString();
  }
  /** Moves the clock forward (never back). */
  increment(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`invalid clock step: ${ms}`);
    this.t += ms;
  }
  /** Sets the clock to an instant at or after the current one. */
  set(t: number | string): void {
    const v = typeof t === 'number' ? t : Date.parse(t);
    if (Number.isFinite(v) && v > this.t) this.t = v;
  }
}
