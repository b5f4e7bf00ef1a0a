import type { PortalItem } from '@kp/schema';
import { Badge, Button, Card, Empty, Spin } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import { useChildWindow } from '../../services/childWindow';
import { appHref, DEFAULT_ROWS, openInNewTab } from './widgetLogic';

/**
 * A widget's list call: its data, or null until loaded (a failure only stops the loading indicator), and
 * `openTab`, which opens a page in a new tab and reloads the widget when that tab is closed.
 */
export function useWidgetData<T>(fn: () => Promise<{ data: T }>, deps: unknown[]) {
  const load = useLoad<T | null>(() => fn().then((r) => r.data), deps, null);
  return { ...load, openTab: useWidgetTabs(load.reload) };
}

/** A list widget's rows (its list call asked for the widget's row count), with useWidgetData's `openTab`. */
export function useWidgetList<R>(item: PortalItem, fn: (rows: number) => Promise<{ data: { list: R[] } }>) {
  const w = useWidgetData(() => fn(rowsOf(item)), [item.rowCount]);
  return { ...w, list: w.data?.list ?? [] };
}

/**
 * Opens an in-app path (or a plain link) in a new tab and calls `reload` once the tab is closed (the
 * child-window watch, spec 1 §9: every 1000 ms), so work done there shows in the widget.
 */
export function useWidgetTabs(reload: () => void) {
  const open = useChildWindow();
  return useCallback((path: string) => open(appHref(path), reload), [open, reload]);
}

const HEADER_PX = 46;

/** Frame of every widget: header, "more" link (new tab), body of the configured height. */
export function WidgetCard({
  item,
  title,
  more,
  extra,
  loading,
  openTab = openInNewTab,
  empty,
  children,
}: {
  item: PortalItem;
  title: string;
  more?: string;
  /** How "more" opens its page (default: a new tab, unwatched). */
  openTab?: (path: string) => void;
  /** Nothing to list: the empty text shows (once loaded). */
  empty?: boolean;
  extra?: ReactNode;
  loading?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const shadow = item.shadow ?? 'always';
  const height = item.height ?? 300;
  return (
    <Card
      size="small"
      className={`kp-widget kp-widget-shadow-${shadow}`}
      data-testid={`widget-${item.jnpfKey}`}
      title={title}
      extra={
        <span className="kp-widget-extra">
          {extra}
          {more && (
            <Button type="link" size="small" data-testid="widget-more" onClick={() => openTab(more)}>
              {t('portalHome.more')}
            </Button>
          )}
        </span>
      }
      styles={{ body: { height: Math.max(height - HEADER_PX, 40), overflow: 'auto', padding: '8px 12px' } }}
    >
      <Spin spinning={!!loading}>
        {!loading && empty && <NoData />}
        {children}
      </Spin>
    </Card>
  );
}

export function NoData() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
}

export function Row({
  onClick,
  unread,
  title,
  right,
  sub,
  testId,
  className,
}: {
  onClick?: () => void;
  unread?: boolean;
  title: ReactNode;
  right?: ReactNode;
  sub?: ReactNode;
  testId?: string;
  className?: string;
}) {
  const cls = `kp-widget-row${unread ? ' kp-unread' : ''}${className ? ` ${className}` : ''}`;
  const body = (
    <>
      <span className="kp-widget-row-title">
        {unread && <Badge status="error" />}
        {title}
      </span>
      {sub && <span className="kp-widget-row-sub">{sub}</span>}
      {right && <span className="kp-widget-row-right">{right}</span>}
    </>
  );
  // A row that opens something is a button; a row without an action is a plain line, so a control inside it
  // (the attendance row's correction button) is not a button inside a button.
  return onClick ? (
    <button type="button" className={cls} onClick={onClick} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

export const rowsOf = (item: PortalItem) => item.rowCount ?? DEFAULT_ROWS;
