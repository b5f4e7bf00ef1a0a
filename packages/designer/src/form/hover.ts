/** Where a dragged control would land relative to the hovered field. */
export type HoverPos = 'before' | 'after' | 'inside';
export interface Hover {
  /** formId of the hovered field, or a holder key `list:<holderId>` for the end of a list */
  key: string;
  pos: HoverPos;
}

/**
 * Drag-hover state with per-key subscriptions: a hover event notifies only the previously hovered and
 * the newly hovered component, so its cost does not grow with the number of fields on the canvas.
 */
export class HoverStore {
  private current: Hover | null = null;
  private byKey = new Map<string, Set<() => void>>();

  get(): Hover | null {
    return this.current;
  }
  posOf(key: string): HoverPos | null {
    return this.current && this.current.key === key ? this.current.pos : null;
  }
  subscribe(key: string, cb: () => void): () => void {
    let s = this.byKey.get(key);
    if (!s) {
      s = new Set();
      this.byKey.set(key, s);
    }
    s.add(cb);
    return () => {
      s.delete(cb);
      if (!s.size) this.byKey.delete(key);
    };
  }
  private pending: Hover | null = null;
  private scheduled = false;

  /**
   * Proposes the hover of one drop target. react-dnd calls hover() on every target under the pointer, outer
   * first and the innermost last (and before its monitor knows the new targets, so isOver({shallow}) lags
   * one event); the last proposal of an event wins and is committed once, in a microtask.
   */
  propose(next: Hover): void {
    this.pending = next;
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (this.pending) this.set(this.pending);
    });
  }

  /** Clears the hover now (drop, drag end). */
  clear(): void {
    this.pending = null;
    this.set(null);
  }

  set(next: Hover | null): void {
    const prev = this.current;
    if (prev?.key === next?.key && prev?.pos === next?.pos) return;
    this.current = next;
    if (prev) this.emit(prev.key);
    if (next && next.key !== prev?.key) this.emit(next.key);
  }
  private emit(key: string) {
    const s = this.byKey.get(key);
    if (s) for (const cb of s) cb();
  }
}

/** Before or after, from the pointer's y against the hovered element's box (O(1)). */
export function positionIn(rect: { top: number; height: number }, y: number): 'before' | 'after' {
  return y < rect.top + rect.height / 2 ? 'before' : 'after';
}
