// The login card's tabs (in place of antd's Tabs, kept off the login page's first load): ARIA tabs that
// select with a click and with the arrow, Home and End keys; a pane mounts when first opened, then stays.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginTabs } from './LoginTabs';

const mounts: string[] = [];
function Pane({ name }: { name: string }) {
  useEffect(() => {
    mounts.push(name);
  }, [name]);
  return <p>{name} pane</p>;
}

const items = [
  { key: 'account', label: '账户登录', children: <Pane name="account" /> },
  { key: 'scan', label: '扫码登录', children: <Pane name="scan" /> },
];
const tab = (name: string) => screen.getByRole('tab', { name });
const shown = () => screen.getByRole('tabpanel').textContent;

describe('LoginTabs', () => {
  afterEach(() => {
    cleanup();
    mounts.length = 0;
  });

  it('shows the first pane; the other mounts on its first opening and is kept', () => {
    render(<LoginTabs items={items} />);
    expect(tab('账户登录').getAttribute('aria-selected')).toBe('true');
    expect(tab('扫码登录').getAttribute('aria-selected')).toBe('false');
    expect(shown()).toBe('account pane');
    expect(mounts).toEqual(['account']);

    fireEvent.click(tab('扫码登录'));
    expect(tab('扫码登录').getAttribute('aria-selected')).toBe('true');
    expect(shown()).toBe('scan pane');
    fireEvent.click(tab('账户登录'));
    fireEvent.click(tab('扫码登录'));
    // mounted once each: switching back keeps the scan pane's state (its certificate and polling)
    expect(mounts).toEqual(['account', 'scan']);
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels.map((p) => p.hidden)).toEqual([true, false]);
    expect(tab('扫码登录').getAttribute('aria-controls')).toBe(panels[1].id);
    expect(panels[1].getAttribute('aria-labelledby')).toBe(tab('扫码登录').id);
  });

  it('moves with the keyboard as WAI-ARIA tabs do, one tab stop', () => {
    render(<LoginTabs items={items} />);
    expect(tab('账户登录').tabIndex).toBe(0);
    expect(tab('扫码登录').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('账户登录'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('扫码登录'));
    expect(shown()).toBe('scan pane');
    expect(tab('扫码登录').tabIndex).toBe(0);
    fireEvent.keyDown(tab('扫码登录'), { key: 'ArrowRight' });
    expect(shown()).toBe('account pane');
    fireEvent.keyDown(tab('账户登录'), { key: 'End' });
    expect(shown()).toBe('scan pane');
    fireEvent.keyDown(tab('扫码登录'), { key: 'Home' });
    expect(shown()).toBe('account pane');
    fireEvent.keyDown(tab('账户登录'), { key: 'ArrowLeft' });
    expect(shown()).toBe('scan pane');
  });
});
