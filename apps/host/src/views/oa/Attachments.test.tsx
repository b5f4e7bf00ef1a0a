// The notice/message editor's attachment picker is antd's Upload (styled by antd, keyboard-reachable), never a
// raw "Choose Files" input; a batch over the limits is refused before anything is sent.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { Attachments } from './Attachments';
import './i18n';

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(cleanup);

describe('Attachments (editable)', () => {
  it("picks files through antd's Upload: the file input sits inside Upload's own trigger, with our upload button", () => {
    render(
      <AntApp>
        <Attachments files={[]} onChange={() => {}} testId="item-files" />
      </AntApp>,
    );
    const input = screen.getByTestId('item-files-input') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    // antd's Upload renders the input inside its trigger element, around our button
    const trigger = input.parentElement as HTMLElement;
    expect(trigger.querySelector('button')?.textContent).toMatch(/上\s*传/);
    expect(input.closest('[class*="upload"]')).not.toBeNull();
  });

  it('refuses a batch that would pass 99 files, and sends nothing', async () => {
    const onChange = vi.fn();
    const files = Array.from({ length: 98 }, (_, i) => ({
      name: `f${i}`,
      fileId: `id${i}`,
      url: `/u/${i}`,
      size: 1,
    }));
    render(
      <AntApp>
        <Attachments files={files} onChange={onChange} testId="item-files" />
      </AntApp>,
    );
    const input = screen.getByTestId('item-files-input') as HTMLInputElement;
    const two = [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')];
    fireEvent.change(input, { target: { files: two } });
    expect(await screen.findByText(/99/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
