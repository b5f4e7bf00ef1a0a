import { useComponentConfig } from 'antd/es/config-provider/context';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import useTabsStyle from 'antd/es/tabs/style';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface LoginTab {
  key: string;
  label: string;
  children: ReactNode;
}

const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The login card's two centred tabs, drawn with antd's own Tabs markup and styles (its style hook, so they look
 * as antd's do in every theme, size and language) but without antd's Tabs component: that brings the overflow
 * menu, dropdown and its popup machinery for tab lists that do not fit, which two short tabs never need, and
 * they would be most of the login page's antd code. Behaves as antd's: click or Enter/Space selects, the arrow
 * keys, Home and End move the focus, the ink bar slides, a pane renders once first shown and stays after.
 */
export function LoginTabs({ items }: { items: LoginTab[] }) {
  const { getPrefixCls } = useComponentConfig('tabs');
  const prefixCls = getPrefixCls('tabs');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useTabsStyle(prefixCls, rootCls);
  const size = useSize();
  const id = `rc-tabs-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [activeKey, setActiveKey] = useState(items[0]?.key);
  const [shown, setShown] = useState(() => new Set([items[0]?.key]));
  const [focusKey, setFocusKey] = useState<string>();
  const mouse = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);
  const [ink, setInk] = useState<{ left: number; width: number }>();

  const activate = (key: string) => {
    setActiveKey(key);
    setShown((s) => (s.has(key) ? s : new Set(s).add(key)));
  };

  // The ink bar under the active tab: measured after layout, again when the tab list's size changes (another
  // language's labels, the card's width).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const node = [...list.children].find((n) => n.getAttribute('data-node-key') === activeKey);
      if (!(node instanceof HTMLElement)) return;
      const width = node.getBoundingClientRect().width;
      setInk({ left: node.offsetLeft + width / 2, width });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    return () => ro.disconnect();
  }, [activeKey]);

  const keys = items.map((i) => i.key);
  const move = (offset: number) => {
    const i = keys.indexOf(focusKey ?? activeKey ?? '');
    setFocusKey(keys[(i + offset + keys.length) % keys.length]);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.code === 'ArrowLeft') move(-1);
    else if (e.code === 'ArrowRight') move(1);
    else if (e.code === 'Home' || e.code === 'End') {
      e.preventDefault();
      setFocusKey(e.code === 'Home' ? keys[0] : keys[keys.length - 1]);
    } else if (e.code === 'Enter' || e.code === 'Space') {
      e.preventDefault();
      activate(focusKey ?? activeKey ?? '');
    }
  };

  return (
    <div
      className={cls(
        prefixCls,
        `${prefixCls}-top`,
        size === 'large' && `${prefixCls}-large`,
        size === 'small' && `${prefixCls}-small`,
        `${prefixCls}-centered`,
        hashId,
        cssVarCls,
        rootCls,
      )}
    >
      <div role="tablist" aria-orientation="horizontal" className={`${prefixCls}-nav`}>
        <div className={`${prefixCls}-nav-wrap`}>
          <div className={`${prefixCls}-nav-list`} ref={listRef}>
            {items.map((item, i) => (
              <TabNode
                key={item.key}
                prefixCls={prefixCls}
                id={id}
                tabKey={item.key}
                label={item.label}
                active={item.key === activeKey}
                focus={item.key === focusKey}
                position={`Tab ${i + 1} of ${items.length}`}
                onSelect={() => activate(item.key)}
                onKeyDown={onKeyDown}
                onFocus={() => {
                  if (!mouse.current) setFocusKey(item.key);
                }}
                onBlur={() => setFocusKey(undefined)}
                onMouse={(down) => {
                  mouse.current = down;
                }}
              />
            ))}
            <div
              className={`${prefixCls}-ink-bar ${prefixCls}-ink-bar-animated`}
              style={ink && { width: ink.width, left: ink.left, transform: 'translateX(-50%)' }}
            />
          </div>
        </div>
      </div>
      <div className={`${prefixCls}-body-holder`}>
        <div className={`${prefixCls}-body ${prefixCls}-body-top`}>
          {items.map((item) => {
            if (!shown.has(item.key)) return null;
            const active = item.key === activeKey;
            const content = `${prefixCls}-content`;
            return (
              <div
                key={item.key}
                id={`${id}-panel-${item.key}`}
                role="tabpanel"
                tabIndex={active ? 0 : -1}
                aria-labelledby={`${id}-tab-${item.key}`}
                aria-hidden={!active}
                className={cls(content, active && `${content}-active`, !active && `${content}-hidden`)}
              >
                {item.children}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface TabNodeProps {
  prefixCls: string;
  id: string;
  tabKey: string;
  label: string;
  active: boolean;
  focus: boolean;
  position: string;
  onSelect: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  onFocus: () => void;
  onBlur: () => void;
  onMouse: (down: boolean) => void;
}

function TabNode(p: TabNodeProps) {
  const tab = `${p.prefixCls}-tab`;
  const btn = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (p.focus) btn.current?.focus();
  }, [p.focus]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: antd's tab markup; the keys are handled on the role="tab" node
    // biome-ignore lint/a11y/noStaticElementInteractions: as antd's: the wrapper widens the click target
    <div
      data-node-key={p.tabKey}
      className={cls(tab, p.active && `${tab}-active`, p.focus && `${tab}-focus`)}
      onClick={p.onSelect}
    >
      <div
        ref={btn}
        role="tab"
        aria-selected={p.active}
        id={`${p.id}-tab-${p.tabKey}`}
        className={`${tab}-btn`}
        aria-controls={`${p.id}-panel-${p.tabKey}`}
        tabIndex={p.active ? 0 : -1}
        onClick={(e) => {
          e.stopPropagation();
          p.onSelect();
        }}
        onKeyDown={p.onKeyDown}
        onMouseDown={() => p.onMouse(true)}
        onMouseUp={() => p.onMouse(false)}
        onFocus={p.onFocus}
        onBlur={p.onBlur}
      >
        {p.focus && (
          <div
            aria-live="polite"
            style={{ width: 0, height: 0, position: 'absolute', overflow: 'hidden', opacity: 0 }}
          >
            {p.position}
          </div>
        )}
        {p.label}
      </div>
    </div>
  );
}
