// The login form and tabs without antd's Form and Tabs (issue 40, login first load): they must keep antd's
// behaviour and markup — a field is checked when it changes and all on submit, its message and the error
// status show under it, onFinish gets the values once all pass; the tabs switch on click and from the
// keyboard, and a pane renders only once shown.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Input from 'antd/es/input/Input';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginField, LoginForm, LoginItem, useLoginForm } from './LoginForm';
import { LoginTabs } from './LoginTabs';

afterEach(cleanup);

type Values = { account: string; code?: string };

function Form({ onFinish }: { onFinish: (v: Values) => void }) {
  const form = useLoginForm<Values>(onFinish);
  return (
    <LoginForm registry={form.registry} onSubmit={form.onSubmit} size="large" data-testid="f">
      <LoginField
        name="account"
        check={(v) => (v.length < 3 ? 'too short' : undefined)}
        render={(c) => <Input placeholder="account" {...c} />}
      />
      <LoginItem errorsOf="code">
        <LoginField
          name="code"
          noStyle
          required
          check={(v) => (v ? undefined : 'code needed')}
          render={(c) => <Input placeholder="code" {...c} />}
        />
      </LoginItem>
      <button type="submit">go</button>
    </LoginForm>
  );
}

describe('LoginForm', () => {
  it('checks every field on submit and shows each message under its item', async () => {
    const got: Values[] = [];
    const { container } = render(<Form onFinish={(v) => got.push(v)} />);
    expect(container.querySelector('form')?.className).toMatch(
      /^ant-form ant-form-horizontal ant-form-large /,
    );
    fireEvent.click(screen.getByText('go'));
    await screen.findByText('too short');
    await screen.findByText('code needed');
    expect(got).toEqual([]);
    const account = screen.getByPlaceholderText('account');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(account.getAttribute('aria-describedby')).toBe('account_help');
    const items = container.querySelectorAll('.ant-form-item');
    // the named item has the error status; the one around the noStyle code only shows its message
    expect(items[0].className).toContain('ant-form-item-has-error');
    expect(items[1].className).toContain('ant-form-item-with-help');
    expect(items[1].className).not.toContain('ant-form-item-has-error');
    expect(screen.getByPlaceholderText('code').closest('.ant-input-status-error')).not.toBeNull();
    expect(screen.getByPlaceholderText('code').getAttribute('aria-required')).toBe('true');
  });

  it('checks a field when it changes and passes the values once all are accepted', async () => {
    const got: Values[] = [];
    render(<Form onFinish={(v) => got.push(v)} />);
    const account = screen.getByPlaceholderText('account');
    fireEvent.change(account, { target: { value: 'ab' } });
    await screen.findByText('too short');
    fireEvent.change(account, { target: { value: 'abc' } });
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBeNull());
    fireEvent.change(screen.getByPlaceholderText('code'), { target: { value: '42' } });
    fireEvent.click(screen.getByText('go'));
    expect(got).toEqual([{ account: 'abc', code: '42' }]);
  });
});

describe('LoginTabs', () => {
  it('switches on click and from the keyboard, rendering a pane once it is shown', () => {
    render(
      <LoginTabs
        items={[
          { key: 'a', label: 'First', children: <p>pane a</p> },
          { key: 'b', label: 'Second', children: <p>pane b</p> },
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('tab');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('pane b')).toBeNull();
    fireEvent.click(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('pane b')).toBeTruthy();
    // the first pane stays, hidden
    expect(screen.getByText('pane a').parentElement?.className).toContain('ant-tabs-content-hidden');
    fireEvent.focus(second);
    fireEvent.keyDown(second, { code: 'ArrowLeft' });
    fireEvent.keyDown(first, { code: 'Enter' });
    expect(first.getAttribute('aria-selected')).toBe('true');
  });
});
