// A type 6 / type 7 menu entry reached inside the app (spec 1 §2.2) names the address it opens in a new
// window: the user code's placeholder (${jnpfToken}) is never shown as text (issue 35).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ExternalPage } from './SimplePages';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(cleanup);

describe('ExternalPage', () => {
  it('shows the address without the code placeholder; a plain link as written', () => {
    render(<ExternalPage title="客户系统" url={'https://crm.example.org/sso?t=${jnpfToken}&x=1'} type={7} />);
    const text = screen.getByText(/该菜单在新窗口中打开/).textContent ?? '';
    expect(text).toContain('https://crm.example.org/sso');
    expect(text).not.toContain('${');
    expect(text).not.toContain('jnpfToken');
    cleanup();
    render(<ExternalPage title="帮助" url="https://help.example.com/a?b=1" type={7} />);
    expect(screen.getByText(/该菜单在新窗口中打开/).textContent).toContain('https://help.example.com/a?b=1');
  });
});
