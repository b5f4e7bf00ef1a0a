import { type Feedback, feedbackHostStore, feedbackStore } from './feedbackStore';

export { type Feedback, feedbackHostStore, feedbackStore };

let ready: Promise<Feedback> | null = null;

/** Loads and mounts the feedback host once; resolves with its instances. */
export function loadFeedback(): Promise<Feedback> {
  if (!ready) {
    const published = new Promise<Feedback>((resolve) => {
      const check = () => {
        const f = feedbackStore.get();
        if (!f) return;
        off();
        resolve(f);
      };
      const off = feedbackStore.subscribe(check);
      check();
    });
    const p = import('../FeedbackHost').then((m) => {
      feedbackHostStore.set(() => m.FeedbackHost);
      return published;
    });
    p.catch(() => {
      ready = null;
    });
    ready = p;
  }
  return ready;
}

/** Shows through the host now when it is there, else once it has loaded. */
function show(use: (f: Feedback) => void): void {
  const f = feedbackStore.get();
  if (f) use(f);
  else loadFeedback().then(use, () => {});
}

export function toastSuccess(text: string, seconds: number): void {
  show((f) => f.message.success(text, seconds));
}
export function toastError(text: string, seconds: number): void {
  show((f) => f.message.error(text, seconds));
}
