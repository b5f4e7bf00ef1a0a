import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ComponentType } from 'react';
import { createStore } from '../store/createStore';

/** antd's context-aware toasts, notifications and dialogs (App.useApp), so themes and locale apply. */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalHookAPI;
}

/**
 * The instances, once the root's feedback host (antd's App: message, notification and modal with their
 * holders) is mounted. The host is not part of the login page's first load: it loads with the first page of
 * the signed-in app (every lazy route but the login one waits for it, so App.useApp() is never empty there)
 * or with the first toast asked for before that (loadFeedback).
 */
export const feedbackStore = createStore<Feedback | null>(null);
/** The host component once its chunk is there; Root renders it. */
export const feedbackHostStore = createStore<ComponentType | null>(null);

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
