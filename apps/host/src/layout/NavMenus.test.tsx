// The side menu keeps the group the user opened: menu data arriving after the click (grants, a language
// switch, a refreshed route list) must not close it again (admin.e2e saw 系统管理 close under the pointer).
import type { MenuEntry } from '@kp/schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NavItem } from './menuModel';
import { SideMenu } from './NavMenus';

const item = (key: string, title: string, children?: NavItem[]): NavItem => ({
  key,
  title,
  entry: { id: key, fullName: title } as unknown as MenuEntry,
  ...(children ? { children } : {}),
});
const group = (name: string) => item(`/${name}`, name, [item(`/${name}/a`, `${name}-a`)]);

function Menu({ items, pathname = '/home' }: { items: NavItem[]; pathname?: string }) {
  return <SideMenu items={items} pathname={pathname} collapsed={false} theme="light" onItem={() => {}} />;
}
const expanded = (title: string) =>
  screen.getByText(title).closest('[aria-expanded]')?.getAttribute('aria-expanded');

afterEach(cleanup);

describe('SideMenu open groups', () => {
  it('opens the first group on /home once the menu arrives', () => {
    const view = render(<Menu items={[]} />);
    view.rerender(<Menu items={[group('work'), group('system')]} />);
    expect(expanded('work')).toBe('true');
    expect(expanded('system')).toBe('false');
  });

  it('keeps the group the user opened when new menu data arrives on the same page', () => {
    const view = render(<Menu items={[group('work'), group('system')]} />);
    fireEvent.click(screen.getByText('system'));
    expect(expanded('system')).toBe('true');
    // the grants or another language bring a tree whose first group is another one
    view.rerender(<Menu items={[group('portal'), group('work'), group('system')]} />);
    expect(expanded('system')).toBe('true');
    expect(expanded('portal')).toBe('false');
  });

  it('opens the route’s group again on a new page', () => {
    const items = [group('work'), group('system')];
    const view = render(<Menu items={items} />);
    fireEvent.click(screen.getByText('system'));
    view.rerender(<Menu items={items} pathname="/work/a" />);
    expect(expanded('work')).toBe('true');
    expect(expanded('system')).toBe('false');
  });
});
