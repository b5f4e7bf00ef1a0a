import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { field } from '../test/fixtures';
import { renderForm } from '../test/render';

afterEach(cleanup);

/** The message shown under a field (antd lets a cleared message fade out: a leaving one is not shown). */
const errorOf = (key: string) =>
  [
    ...(document
      .querySelector(`[data-field="${key}"]`)
      ?.closest('.ant-form-item')
      ?.querySelectorAll('[role="alert"]') ?? []),
  ].find((el) => !el.closest('[class*="-leave"]'))?.textContent ?? null;

const input = (key: string) =>
  document.querySelector(`[data-field="${key}"] input, [data-field="${key}"] textarea`) as HTMLInputElement;

describe('field validation on its trigger (spec 3 §5)', () => {
  it('runs the required rule and the regList rules of the blurred field only (trigger defaults to blur)', () => {
    renderForm([
      field('comInput', 'name', { label: '姓名', required: true }),
      field('comInput', 'code', {
        label: '编码',
        regList: [
          { pattern: '^[A-Z]+$', message: '只能是大写字母' },
          { pattern: '^.{3,}$', message: '至少三位' },
        ],
      }),
      field('comInput', 'other', { label: '其他', required: true }),
    ]);
    fireEvent.blur(input('name'));
    expect(errorOf('name')).toBe('姓名不能为空');
    expect(errorOf('other')).toBeNull();
    fireEvent.change(input('name'), { target: { value: '张三' } });
    fireEvent.blur(input('name'));
    expect(errorOf('name')).toBeNull();
    fireEvent.change(input('code'), { target: { value: 'ab' } });
    expect(errorOf('code')).toBeNull();
    fireEvent.blur(input('code'));
    expect(errorOf('code')).toBe('只能是大写字母');
    fireEvent.change(input('code'), { target: { value: 'AB' } });
    fireEvent.blur(input('code'));
    expect(errorOf('code')).toBe('至少三位');
    fireEvent.change(input('code'), { target: { value: 'ABC' } });
    fireEvent.blur(input('code'));
    expect(errorOf('code')).toBeNull();
    expect(errorOf('other')).toBeNull();
  });

  it('uses the placeholder as the required message when the field has one', () => {
    renderForm([
      field('comInput', 'name', { label: '姓名', required: true }, { placeholder: '请填写您的姓名' }),
    ]);
    fireEvent.blur(input('name'));
    expect(errorOf('name')).toBe('请填写您的姓名');
  });

  it("with trigger 'change' validates while typing and not on blur", () => {
    renderForm([
      field('comInput', 'code', {
        label: '编码',
        trigger: 'change',
        required: true,
        regList: [{ pattern: '^\\d+$', message: '只能是数字' }],
      }),
    ]);
    fireEvent.blur(input('code'));
    expect(errorOf('code')).toBeNull();
    fireEvent.change(input('code'), { target: { value: 'x' } });
    expect(errorOf('code')).toBe('只能是数字');
    fireEvent.change(input('code'), { target: { value: '' } });
    expect(errorOf('code')).toBe('编码不能为空');
  });

  it('validates a pick of a widget without blur (checkbox) with the array message 请至少选择一个<label>', () => {
    renderForm([
      field(
        'checkbox',
        'tags',
        { label: '标签', required: true, defaultValue: [] },
        { __slot__: { options: [{ id: 'a', fullName: '甲' }] } },
      ),
    ]);
    const box = screen.getByRole('checkbox');
    fireEvent.click(box);
    expect(errorOf('tags')).toBeNull();
    fireEvent.click(box);
    expect(errorOf('tags')).toBe('请至少选择一个标签');
  });

  it('follows setRequired from a script and required/read from formOperates, on blur and on submit', async () => {
    const onSubmit = vi.fn();
    const { ref } = renderForm(
      [
        field('comInput', 'a', { label: 'A' }),
        field('comInput', 'b', { label: 'B', required: true }),
        field('comInput', 'c', { label: 'C', required: true }),
        field('comInput', 'd', { label: 'D' }),
      ],
      {
        onSubmit,
        formOperates: [
          { id: 'b', required: false },
          { id: 'c', read: false },
          { id: 'd', required: true },
        ],
      },
    );
    act(() => ref.current?.store.setUi('a', { required: true }));
    fireEvent.blur(input('a'));
    expect(errorOf('a')).toBe('A不能为空');
    fireEvent.blur(input('b'));
    expect(errorOf('b')).toBeNull();
    fireEvent.blur(input('d'));
    expect(errorOf('d')).toBe('D不能为空');
    let errs: Record<string, string> = {};
    act(() => {
      errs = ref.current?.validate() ?? {};
    });
    expect(errs).toEqual({ a: 'A不能为空', d: 'D不能为空' });
    fireEvent.change(input('a'), { target: { value: '1' } });
    fireEvent.change(input('d'), { target: { value: '1' } });
    await act(async () => {
      expect(await ref.current?.submit()).toBe(true);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('form-level layout settings', () => {
  it('label width and position (right, left, top), a field label width, and the gutter', () => {
    const fields = [
      field('comInput', 'a', { label: 'A' }),
      field('comInput', 'b', { label: 'B', labelWidth: 150 }),
    ];
    const cfgOf = (extra: Record<string, unknown>) => ({
      labelWidth: 120,
      gutter: 20,
      span: 12,
      fields,
      ...extra,
    });
    const label = (key: string) =>
      document.querySelector(`[data-field="${key}"] .ant-form-item-label`) as HTMLElement;
    const r = renderForm([], { config: cfgOf({ labelPosition: 'right' }) as never });
    expect(label('a').style.flex).toBe('0 0 120px');
    expect(label('b').style.flex).toBe('0 0 150px');
    expect(label('a').className).not.toContain('ant-form-item-label-left');
    const row = r.container.querySelector('.ant-row[style*="margin"]') as HTMLElement;
    expect(row.getAttribute('style')).toContain('-10px');
    cleanup();
    renderForm([], { config: cfgOf({ labelPosition: 'left' }) as never });
    expect(label('a').className).toContain('ant-form-item-label-left');
    cleanup();
    renderForm([], { config: cfgOf({ labelPosition: 'top' }) as never });
    expect(label('a').style.flex).toBe('');
  });
});
