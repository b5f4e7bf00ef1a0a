import { BankOutlined, EllipsisOutlined, FileOutlined, FolderOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_FIRST_GROUP_PATHS } from '../config';
import { ancestorsOf, type NavItem } from './menuModel';
import { MORE_KEY, splitTopMenu } from './topMenu';

type Items = NonNullable<MenuProps['items']>;

const icon = (i: NavItem) =>
  i.children?.length || i.entry.type === 1 ? <FolderOutlined /> : <FileOutlined />;

function toItems(list: NavItem[], withChildren: boolean, onTitle?: (i: NavItem) => void): Items {
  return list.map((i) =>
    withChildren && i.children?.length
      ? {
          key: i.key,
          icon: icon(i),
          label: i.title,
          children: toItems(i.children, true, onTitle),
          onTitleClick: onTitle ? () => onTitle(i) : undefined,
        }
      : { key: i.key, icon: icon(i), label: i.title },
  );
}

function findItem(list: NavItem[], key: string): NavItem | undefined {
  for (const i of list) {
    if (i.key === key) return i;
    const c = i.children && findItem(i.children, key);
    if (c) return c;
  }
  return undefined;
}

/** Left menu: one submenu open at a time; the first group opens by default on /home, /dashboard, /404. */
export function SideMenu({
  items,
  pathname,
  collapsed,
  theme,
  onItem,
}: {
  items: NavItem[];
  pathname: string;
  collapsed: boolean;
  theme: 'dark' | 'light';
  onItem: (i: NavItem) => void;
}) {
  const initial = useMemo(() => {
    if (OPEN_FIRST_GROUP_PATHS.includes(pathname)) {
      const first = items.find((i) => i.children?.length);
      return first ? [first.key] : [];
    }
    return ancestorsOf(items, pathname);
  }, [items, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(initial);
  // Re-open by the route only when the keys to open change (a new page, another menu), not on every new
  // menu tree object (a language or route list arriving later would re-open a group the user just closed).
  // On the same page, a group the user opened or closed stays as the user left it: menu data arriving
  // after the user's click (the grants, a language switch) must not close the group under the pointer.
  const initialKey = initial.join('\n');
  const userChose = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialKey stands for initial's contents
  useEffect(() => {
    if (userChose.current === pathname) return;
    userChose.current = null;
    setOpenKeys(initial);
  }, [initialKey, pathname]);
  const menuItems = useMemo(() => toItems(items, true), [items]);
  const onOpenChange = (keys: string[]) => {
    userChose.current = pathname;
    const opened = keys.find((k) => !openKeys.includes(k));
    if (!opened) return setOpenKeys(keys);
    // Keep only the newly opened submenu and its ancestors (one submenu open at a time).
    const chain = [...ancestorsOfKey(items, opened), opened];
    setOpenKeys(chain);
  };
  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      items={menuItems}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      onClick={({ key }) => {
        const i = findItem(items, key);
        if (i) onItem(i);
      }}
      data-testid="side-menu"
    />
  );
}

function ancestorsOfKey(items: NavItem[], key: string): string[] {
  const walk = (list: NavItem[], trail: string[]): string[] | null => {
    for (const i of list) {
      if (i.key === key) return trail;
      if (i.children) {
        const r = walk(i.children, [...trail, i.key]);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(items, []) ?? [];
}

/**
 * Top menu: begins with the group-portal item (/portal); items take ~116 px each and the rest go under the
 * virtual "more" entry (/menuMore). `withChildren` shows directories as popups (functional layout).
 */
export function TopMenu({
  items,
  selectedKey,
  withChildren,
  theme,
  onItem,
  onPortal,
}: {
  items: NavItem[];
  selectedKey: string;
  withChildren: boolean;
  theme: 'dark' | 'light';
  onItem: (i: NavItem) => void;
  onPortal: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1200);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const portalItem = { key: '/portal', icon: <BankOutlined />, label: t('nav.portal') };
  const all: Items = [portalItem, ...toItems(items, withChildren, onItem)];
  const { visible, more } = splitTopMenu(all, width);
  const menuItems: Items = more.length
    ? [...visible, { key: MORE_KEY, icon: <EllipsisOutlined />, label: t('nav.more'), children: more }]
    : visible;
  return (
    <div className="kp-topmenu" ref={box}>
      <Menu
        mode="horizontal"
        theme={theme}
        items={menuItems}
        selectedKeys={[selectedKey]}
        disabledOverflow
        onClick={({ key }) => {
          if (key === '/portal') return onPortal();
          const i = findItem(items, key);
          if (i) onItem(i);
        }}
        data-testid="top-menu"
      />
    </div>
  );
}
