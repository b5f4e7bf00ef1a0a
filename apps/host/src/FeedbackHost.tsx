import App from 'antd/es/app';
import { useEffect } from 'react';
import { feedbackStore } from './api/feedbackStore';

/** Hands antd's context-aware instances to the feedback store (code outside React, Root's App context). */
function Publisher() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    feedbackStore.set({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}

/**
 * antd's App without its own element (Root draws the .ant-app frame): the message, notification and modal
 * holders. Loaded on demand (api/feedback loadFeedback), so the login page's first load carries none of it.
 */
export function FeedbackHost() {
  return (
    <App component={false}>
      <Publisher />
    </App>
  );
}
