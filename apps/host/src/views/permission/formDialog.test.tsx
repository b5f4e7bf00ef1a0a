import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { FormDialog } from './common';

function Harness({ submit }: { submit: (v: { name: string }) => Promise<unknown> }) {
  const [form] = Form.useForm<{ name: string }>();
  const [open, setOpen] = useState(true);
  return (
    <App>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <FormDialog<{ name: string }>
        open={open}
        title="t"
        form={form}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        <Form.Item name="name" rules={[{ required: true, message: '请输入名称' }]}>
          <Input data-testid="name" />
        </Form.Item>
      </FormDialog>
    </App>
  );
}

describe('FormDialog', () => {
  afterEach(cleanup);
  it('keeps the dialog open and shows the server msg when the call fails', async () => {
    render(<Harness submit={() => Promise.reject(new ApiError(409, '该组织下存在用户，不能删除'))} />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('dialog-ok'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toContain('该组织下存在用户，不能删除'),
    );
    expect(screen.getByTestId('state').textContent).toBe('open');
  });
  it('does not call the server when a field rule fails, and closes after success', async () => {
    let calls = 0;
    render(
      <Harness
        submit={async () => {
          calls += 1;
        }}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('dialog-ok'));
    });
    await waitFor(() => expect(screen.getByText('请输入名称')).toBeTruthy());
    expect(calls).toBe(0);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'ok' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('dialog-ok'));
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(calls).toBe(1);
  });
});
