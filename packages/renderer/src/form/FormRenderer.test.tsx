import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryProviders } from '../providers/memory';
import { field, form, memoryData, providers } from '../test/fixtures';
import { FormRenderer, type FormRendererHandle } from './FormRenderer';

const nameField = () => field('comInput', 'name', { label: { zh: '姓名', en: 'Name' }, required: true });

afterEach(cleanup);

const hasError = (c: ParentNode, key: string) =>
  c
    .querySelector(`[data-field="${key}"]`)
    ?.closest('.ant-form-item')
    ?.classList.contains('ant-form-item-has-error') ?? false;

describe('FormRenderer', () => {
  it('shows labels in the chosen language and the submit/reset buttons', () => {
    const cfg = form([nameField()]);
    const { unmount } = render(<FormRenderer config={cfg} providers={providers()} />);
    expect(screen.getByText('姓名')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提 交' }) ?? screen.getByText('提交')).toBeTruthy();
    unmount();
    render(<FormRenderer config={cfg} providers={providers()} language="en" />);
    expect(screen.getByText('Name')).toBeTruthy();
    expect(screen.getByText('Submit')).toBeTruthy();
  });

  it('blocks submit with the required message, then submits the typed data', async () => {
    const onSubmit = vi.fn();
    const ref = createRef<FormRendererHandle>();
    render(
      <FormRenderer ref={ref} config={form([nameField()])} providers={providers()} onSubmit={onSubmit} />,
    );
    let ok = true;
    await act(async () => {
      ok = (await ref.current?.submit()) ?? false;
    });
    expect(ok).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('姓名不能为空')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入'), { target: { value: '张三' } });
    await act(async () => {
      ok = (await ref.current?.submit()) ?? false;
    });
    expect(ok).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: '张三' }), expect.anything());
    expect(hasError(document, 'name')).toBe(false);
  });

  it('shows a regList message', async () => {
    const ref = createRef<FormRendererHandle>();
    const cfg = form([
      field('comInput', 'phone', {
        label: '电话',
        regList: [{ pattern: '^1\\d{10}$', message: '请输入正确的手机号码' }],
      }),
    ]);
    render(<FormRenderer ref={ref} config={cfg} providers={providers()} value={{ phone: '123' }} />);
    await act(async () => {
      await ref.current?.submit();
    });
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  });

  it('emits onChange with the new data and keeps untouched values', () => {
    const onChange = vi.fn();
    render(
      <FormRenderer
        config={form([nameField(), field('comInput', 'city', { label: '城市' })])}
        providers={providers()}
        value={{ city: '深圳' }}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getAllByPlaceholderText('请输入')[0], { target: { value: 'a' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'a', city: '深圳' }));
  });

  it('applies formOperates: read false hides, write false disables, required adds the asterisk', () => {
    const cfg = form([
      field('comInput', 'a', { label: 'AAA' }),
      field('comInput', 'b', { label: 'BBB' }),
      field('comInput', 'c', { label: 'CCC' }),
    ]);
    const { container } = render(
      <FormRenderer
        config={cfg}
        providers={providers()}
        formOperates={[
          { id: 'a', read: false, write: false },
          { id: 'b', read: true, write: false },
          { id: 'c', read: true, write: true, required: true },
        ]}
      />,
    );
    expect(screen.queryByText('AAA')).toBeNull();
    const inputs = container.querySelectorAll('input');
    expect(inputs).toHaveLength(2);
    expect((inputs[0] as HTMLInputElement).disabled).toBe(true);
    expect((inputs[1] as HTMLInputElement).disabled).toBe(false);
    expect(container.querySelectorAll('.ant-form-item-required')).toHaveLength(1);
  });

  it('hides fields not visible on the platform and renders everything disabled in view mode', () => {
    const cfg = form([
      field('comInput', 'pcOnly', { label: 'PC', visibility: ['pc'] }),
      field('comInput', 'appOnly', { label: 'APP', visibility: ['app'] }),
    ]);
    const { container } = render(<FormRenderer config={cfg} providers={providers()} mode="view" />);
    expect(screen.getByText('PC')).toBeTruthy();
    expect(screen.queryByText('APP')).toBeNull();
    expect((container.querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('提交')).toBeNull();
  });

  it('lays out row, card, tab and collapse containers with spans', () => {
    const cfg = form([
      field('row', undefined, {
        children: [
          field('comInput', 'r1', { label: 'R1', span: 12 }),
          field('comInput', 'r2', { label: 'R2', span: 12 }),
        ],
      }),
      field('card', undefined, { children: [field('comInput', 'c1', { label: 'C1' })] }, { header: '卡片' }),
      field('tab', undefined, {
        children: [
          { title: '页一', name: '1', __config__: { children: [field('comInput', 't1', { label: 'T1' })] } },
          { title: '页二', name: '2', __config__: { children: [field('comInput', 't2', { label: 'T2' })] } },
        ],
      }),
      field('collapse', undefined, {
        children: [
          { title: '面板', name: 'p', __config__: { children: [field('comInput', 'p1', { label: 'P1' })] } },
        ],
      }),
      field('groupTitle', undefined, {}, { content: '分组标题' }),
    ]);
    const { container } = render(<FormRenderer config={cfg} providers={providers()} />);
    for (const t of ['R1', 'R2', 'C1', 'T1', '卡片', '页一', '页二', '面板', 'P1', '分组标题'])
      expect(screen.getAllByText(t).length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.ant-col-12')).toHaveLength(2);
  });

  it('runs scripts in the sandbox: onLoad hides a field, beforeSubmit can stop the submit', async () => {
    const onSubmit = vi.fn();
    const ref = createRef<FormRendererHandle>();
    const cfg = form([field('comInput', 'a', { label: 'AAA' }), field('comInput', 'b', { label: 'BBB' })], {
      funcs: {
        onLoad: "hide('b'); setFieldValue('a', 'loaded');",
        beforeSubmit:
          "if (getFormData().a === 'stop') { message('已停止', 'warning'); return false; } return true;",
      },
    });
    render(<FormRenderer ref={ref} config={cfg} providers={providers()} onSubmit={onSubmit} />);
    expect(screen.queryByText('BBB')).toBeNull();
    expect((screen.getByDisplayValue('loaded') as HTMLInputElement).value).toBe('loaded');
    fireEvent.change(screen.getByDisplayValue('loaded'), { target: { value: 'stop' } });
    await act(async () => {
      await ref.current?.submit();
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('已停止')).toBeTruthy();
  });

  it('runs asynchronous scripts: an on-change script reads a data interface, beforeSubmit waits for a request', async () => {
    const onSubmit = vi.fn();
    const ref = createRef<FormRendererHandle>();
    const p = createMemoryProviders({
      ...memoryData,
      latency: 20,
      dataInterfaces: {
        managers: [
          { dept: 'rd', manager: '李四' },
          { dept: 'hr', manager: '王五' },
        ],
      },
      requests: { 'POST /api/check': (d: unknown) => ({ ok: (d as { dept: string }).dept !== 'hr' }) },
    });
    const dept = {
      ...field('comInput', 'dept', { label: '部门' }),
      on: {
        change:
          "var rows = callInterface('managers', { dept: data }); setFieldValue('manager', rows.length ? rows[0].manager : '');",
      },
    };
    const cfg = form([dept, field('comInput', 'manager', { label: '经理' })], {
      funcs: {
        beforeSubmit:
          "var r = request('/api/check', 'post', { dept: formData.dept }); if (!r.ok) { message('不允许', 'warning'); return false; } return true;",
      },
    });
    render(<FormRenderer ref={ref} config={cfg} providers={p} onSubmit={onSubmit} />);
    const input = screen.getAllByRole('textbox')[0];
    fireEvent.change(input, { target: { value: 'rd' } });
    expect(await screen.findByDisplayValue('李四')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'hr' } });
    expect(await screen.findByDisplayValue('王五')).toBeTruthy();
    await act(async () => {
      expect(await ref.current?.submit()).toBe(false);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('不允许')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'rd' } });
    await screen.findByDisplayValue('李四');
    await act(async () => {
      expect(await ref.current?.submit()).toBe(true);
    });
    expect(onSubmit).toHaveBeenCalledWith({ dept: 'rd', manager: '李四' }, expect.anything());
  });

  it('drops the changes of an on-change run superseded while it waited (a slow older answer)', async () => {
    const p = providers();
    // The first call answers after the second one.
    const delays: Record<string, number> = { slow: 300, fast: 10 };
    p.dataInterface = (id, params) =>
      new Promise((res) =>
        setTimeout(() => res([{ v: `manager-of-${String(params?.q)}` }]), delays[String(params?.q)] ?? 0),
      );
    const q = {
      ...field('comInput', 'q', { label: 'Q' }),
      on: { change: "var r = callInterface('m', { q: data }); setFieldValue('out', r[0].v);" },
    };
    const ref = createRef<FormRendererHandle>();
    render(
      <FormRenderer ref={ref} config={form([q, field('comInput', 'out', { label: 'OUT' })])} providers={p} />,
    );
    const input = screen.getAllByRole('textbox')[0];
    fireEvent.change(input, { target: { value: 'slow' } });
    fireEvent.change(input, { target: { value: 'fast' } });
    expect(await screen.findByDisplayValue('manager-of-fast')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(ref.current?.getData().out).toBe('manager-of-fast');
  });

  it('shows a script error when an asynchronous call fails (no request provider)', async () => {
    const p = providers();
    delete (p as { request?: unknown }).request;
    const cfg = form([field('comInput', 'a', { label: 'AAA' })], { funcs: { onLoad: "request('/x');" } });
    render(<FormRenderer config={cfg} providers={p} />);
    expect(await screen.findByText(/脚本执行出错：call failed: request is not available/)).toBeTruthy();
  });

  it('calls afterSubmit through the submit context', async () => {
    const ref = createRef<FormRendererHandle>();
    const cfg = form([field('comInput', 'a', { label: 'AAA' })], {
      funcs: { afterSubmit: "message('完成' + data.id, 'success')" },
    });
    render(
      <FormRenderer
        ref={ref}
        config={cfg}
        providers={providers()}
        onSubmit={(_, c) => c.afterSubmit({ id: 7 })}
      />,
    );
    await act(async () => {
      await ref.current?.submit();
    });
    expect(await screen.findByText('完成7')).toBeTruthy();
  });

  it('reset restores the defaults and clears typed values and messages', async () => {
    const ref = createRef<FormRendererHandle>();
    const cfg = form([nameField(), field('comInput', 'city', { label: '城市', defaultValue: '北京' })]);
    render(<FormRenderer ref={ref} config={cfg} providers={providers()} />);
    fireEvent.change(screen.getByDisplayValue('北京'), { target: { value: '上海' } });
    await act(async () => {
      await ref.current?.submit();
    });
    expect(screen.getByText('姓名不能为空')).toBeTruthy();
    fireEvent.click(screen.getByText('重 置').closest('button') as HTMLButtonElement);
    expect(screen.getByDisplayValue('北京')).toBeTruthy();
    expect(hasError(document, 'name')).toBe(false);
  });

  it('recomputes calculate fields after the debounce', async () => {
    vi.useFakeTimers();
    try {
      const cfg = form([
        field('numInput', 'a', { label: 'A' }),
        field('numInput', 'b', { label: 'B' }),
        field('calculate', 'sum', { label: 'SUM' }, { expression: ['a', '+', 'b'] }),
      ]);
      const { container } = render(
        <FormRenderer config={cfg} providers={providers()} value={{ a: 1, b: 2 }} />,
      );
      const calc = () => (container.querySelector('input.kp-calculate') as HTMLInputElement).value;
      const inputs = container.querySelectorAll('.ant-input-number input');
      fireEvent.change(inputs[0], { target: { value: '10' } });
      act(() => {
        vi.advanceTimersByTime(400);
      });
      const before = calc();
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(before).not.toBe('12.00');
      expect(calc()).toBe('12.00');
    } finally {
      vi.useRealTimers();
    }
  });

  it('save skips form validation but still checks the sub-table', async () => {
    const onSubmit = vi.fn();
    const ref = createRef<FormRendererHandle>();
    const cfg = form([
      nameField(),
      field('table', 'items', {
        label: '明细',
        children: [field('comInput', 'desc', { label: '说明', required: true })],
      }),
    ]);
    render(
      <FormRenderer
        ref={ref}
        config={cfg}
        providers={providers()}
        onSubmit={onSubmit}
        value={{ items: [{ desc: '' }] }}
      />,
    );
    await act(async () => {
      await ref.current?.save();
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('不能为空')).toBeTruthy();
    fireEvent.change(
      within(document.querySelector('[data-cell="items.0.desc"]') as HTMLElement).getByRole('textbox'),
      {
        target: { value: 'x' },
      },
    );
    await act(async () => {
      await ref.current?.save();
    });
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ items: [{ desc: 'x' }] }),
      expect.objectContaining({ kind: 'save' }),
    );
    expect(hasError(document, 'name')).toBe(false);
  });
});
