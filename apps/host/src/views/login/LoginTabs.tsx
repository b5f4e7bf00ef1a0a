import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface LoginTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The login card's two tabs (account, scan). Not antd's Tabs: that one carries rc-tabs with its overflow
 * drop-down (rc-menu, rc-dropdown), about 18 KB gzip of the login page's first load for two fixed tabs.
 * Behaves as antd's does: WAI-ARIA tabs (arrow keys, Home, End move and select), a pane is mounted the first
 * time it is opened and then kept (hidden) as the user switches back.
 */
export function LoginTabs({ items }: { items: LoginTab[] }) {
  const id = useId();
  const [active, setActive] = useState(items[0]?.key ?? '');
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([active]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (i: number) => {
    const key = items[i].key;
    setActive(key);
    setOpened((o) => (o.has(key) ? o : new Set(o).add(key)));
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const n = items.length;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    select(to);
    tabs.current[to]?.focus();
  };

  return (
    <div className="kp-login-tabs">
      <div role="tablist" className="kp-login-tablist">
        {items.map((it, i) => (
          <button
            key={it.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${it.key}`}
            aria-selected={it.key === active}
            aria-controls={`${id}-panel-${it.key}`}
            tabIndex={it.key === active ? 0 : -1}
            className={it.key === active ? 'active' : undefined}
            onClick={() => select(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {it.label}
          </button>
        ))}
      </div>
      {items.map((it) => (
        <div
          key={it.key}
          role="tabpanel"
          id={`${id}-panel-${it.key}`}
          aria-labelledby={`${id}-tab-${it.key}`}
          hidden={it.key !== active}
        >
          {opened.has(it.key) ? it.children : null}
        </div>
      ))}
    </div>
  );
}
