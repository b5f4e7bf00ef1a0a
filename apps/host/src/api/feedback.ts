import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, notifications and dialogs for code outside React (the API client, the socket). The root <App>
 * registers antd's context-aware instances here (App.useApp), so themes and locale apply.
 */
interface Feedback {
  message?: MessageInstance;
  notification?: NotificationInstance;
  modal?: ModalHookAPI;
}
export const feedback: Feedback = {};

export function toastSuccess(text: string, seconds: number): void {
  feedback.message?.success(text, seconds);
}
export function toastError(text: string, seconds: number): void {
  feedback.message?.error(text, seconds);
}
