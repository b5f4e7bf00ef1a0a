import { countsStore } from '../../store/counts';
import { wfApi } from './api';

/**
 * Reads the caller's live to-do and to-read counts from the server into the header badges (after the
 * user approved, rejected, transferred or read something; pushes keep them live otherwise). Never throws.
 */
export async function refreshFlowCounts(): Promise<void> {
  try {
    const c = await wfApi.counts();
    countsStore.set((s) => ({
      ...s,
      todo: Number(c.toBeReviewed) || 0,
      toRead: Number(c.flowCirculate) || 0,
    }));
  } catch {
    // the next push or login brings them
  }
}
