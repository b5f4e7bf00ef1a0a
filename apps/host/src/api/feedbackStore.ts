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
