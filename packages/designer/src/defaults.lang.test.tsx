// What a new field or portal widget starts with follows the designer's language: an English designer gets
// "Option 1", not 选项一; a widget's header is kept in all three languages, and editing one keeps the others.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeField } from './form/fieldFactory';
import { setDesignerLanguage } from './i18n';
import { newWidget } from './portal/model';
import { PortalDesigner } from './portal/PortalDesigner';

vi.setConfig({ testTimeout: 90_000 });

afterEach(() => {
  cleanup();
  setDesignerLanguage('zh');
});

describe('new contents in the designer language', () => {
  it('options, a table row button, a text, a group title and a button in en, zhtw and zh', () => {
    const contents = () => ({
      options: (makeField('radio', 101).field.__slot__ as { options: { fullName: string }[] }).options.map(
        (o) => o.fullName,
      ),
      add: makeField('table', 102).field.actionText,
      text: makeField('JNPFText', 103).field.content,
      group: makeField('groupTitle', 104).field.content,
      button: makeField('button', 105).field.buttonText,
    });
    setDesignerLanguage('en');
    expect(contents()).toEqual({
      options: ['Option 1', 'Option 2'],
      add: 'Add',
      text: 'Text',
      group: 'Group title',
      button: 'Button',
    });
    setDesignerLanguage('zhtw');
    expect(contents().options).toEqual(['選項一', '選項二']);
    setDesignerLanguage('zh');
    expect(contents()).toEqual({
      options: ['选项一', '选项二'],
      add: '添加',
      text: '文本',
      group: '分组标题',
      button: '按钮',
    });
  });

  it('a portal widget: header in three languages; editing the en one keeps zh; new apps named in en', () => {
    const w = newWidget('portalApplication', 'a1', 'en');
    expect(w.header).toEqual({ zh: '常用应用', zhtw: '常用應用', en: 'Applications' });
    expect(w.list!.map((a) => a.fullName)).toEqual(['App 1', 'App 2']);
    const onChange = vi.fn();
    render(<PortalDesigner value={{ layout: [w] }} onChange={onChange} language="en" />);
    fireEvent.click(within(screen.getByTestId('portal-item-a1')).getAllByText('Applications')[0]!);
    fireEvent.change(screen.getByTestId('portal-header'), { target: { value: 'Shortcuts' } });
    expect(onChange.mock.calls.at(-1)![0].layout[0].header).toEqual({
      zh: '常用应用',
      zhtw: '常用應用',
      en: 'Shortcuts',
    });
    fireEvent.click(screen.getByTestId('portal-app-add'));
    expect(
      onChange.mock.calls.at(-1)![0].layout[0].list.map((a: { fullName: string }) => a.fullName),
    ).toEqual(['App 1', 'App 2', 'App 3']);
  });
});
