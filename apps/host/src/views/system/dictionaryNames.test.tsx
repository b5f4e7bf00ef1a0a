// Issue 20: the dictionary dialogs take an item's or type's name in zh (required: the stored name),
// traditional Chinese and English (optional). The real dialog and fields; the body is what useCrud would
// send (withNames: both other names always stated, an emptied one as '').
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { switchLanguage } from '../../i18n';
import { NameCodeItems, withNames } from '../../kit/crud';
import { FormDialog } from '../permission/common';
import '../permission/i18n';
import type { DictData } from './Dictionary';

type Values = Partial<DictData>;

function Harness({ initial, sent }: { initial?: Values; sent: unknown[] }) {
  const [form] = Form.useForm<Values>();
  return (
    <App>
      <FormDialog<Values>
        open
        title="t"
        form={form}
        initial={initial}
        onSubmit={async (v) => {
          sent.push(withNames(v));
        }}
        onClose={() => {}}
      >
        <NameCodeItems nameMax={100} testIdPrefix="dict-data" names />
      </FormDialog>
    </App>
  );
}

const input = (k: string) => screen.getByTestId(`dict-data-${k}`) as HTMLInputElement;
const ok = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('dialog-ok'));
  });

describe('dictionary name in three languages', () => {
  afterEach(cleanup);

  it('offers the stored names of an edit and sends the typed ones (en)', async () => {
    await switchLanguage('en');
    const sent: unknown[] = [];
    // as DictionaryData/{id}/Info answers a seeded item
    const initial = {
      fullName: '年假',
      enCode: 'annual',
      fullNameI18n: { zh: '年假', zhtw: '年假', en: 'Annual leave' },
    };
    render(<Harness initial={initial} sent={sent} />);
    for (const label of ['Name', 'Name (traditional Chinese)', 'Name (English)'])
      expect(screen.getByText(label, { selector: 'label' })).toBeTruthy();
    await waitFor(() => expect(input('nameEn').value).toBe('Annual leave'));
    expect(input('fullName').value).toBe('年假');
    expect(input('nameZhtw').value).toBe('年假');
    for (const k of ['fullName', 'nameZhtw', 'nameEn']) expect(input(k).maxLength).toBe(100);

    fireEvent.change(input('nameEn'), { target: { value: 'Paid leave' } });
    fireEvent.change(input('nameZhtw'), { target: { value: '' } });
    await ok();
    await waitFor(() => expect(sent).toHaveLength(1));
    // zh is the name itself: the edit read's zh is not sent back
    expect(sent[0]).toEqual({
      fullName: '年假',
      enCode: 'annual',
      fullNameI18n: { zhtw: '', en: 'Paid leave' },
    });
  });

  it('requires the zh name only; a new item without other names states them empty (zhtw)', async () => {
    await switchLanguage('zhtw');
    const sent: unknown[] = [];
    render(<Harness sent={sent} />);
    for (const label of ['名稱', '繁體中文名稱', '英文名稱'])
      expect(screen.getByText(label, { selector: 'label' })).toBeTruthy();
    fireEvent.change(input('enCode'), { target: { value: 'deferred' } });
    fireEvent.change(input('nameEn'), { target: { value: 'Deferred' } });
    await ok();
    await waitFor(() => expect(screen.getByText(i18n.t('adm.required_', { name: '名稱' }))).toBeTruthy());
    expect(sent).toEqual([]);

    fireEvent.change(input('fullName'), { target: { value: '缓办' } });
    fireEvent.change(input('nameEn'), { target: { value: '' } });
    await ok();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ fullName: '缓办', enCode: 'deferred', fullNameI18n: { zhtw: '', en: '' } });
  });
});
