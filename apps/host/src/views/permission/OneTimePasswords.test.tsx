// The one-time passwords dialog copies each password through the one copy helper: the text reaches the
// clipboard and 复制成功 is said (for 1.5 s, spec 4 §8: copyToClipboard in @kp/renderer).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { OneTimePasswordsDialog } from './OneTimePasswords';

beforeAll(() => i18n.changeLanguage('zh'));

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('one-time passwords dialog', () => {
  it('each password has a copy button that copies it and says 复制成功', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <App>
        <OneTimePasswordsDialog
          list={[{ account: 'li', realName: '李', password: 'Xy7#pq' }]}
          onClose={() => {}}
        />
      </App>,
    );
    fireEvent.click(await screen.findByTestId('one-time-password-copy'));
    expect(await screen.findByText('复制成功', {}, { timeout: 5000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Xy7#pq');
  });
});
