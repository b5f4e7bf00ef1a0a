import type { PortalItem } from '@kp/schema';
import { Badge, Button, Card, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import { DEFAULT_ROWS, openInNewTab } from './widgetLogic';

/** A widget's list call: its data, or null until loaded (a failure only stops the loading indicator). */
export function useWidgetData<T>(fn: () => Promise<{ data: T }>, deps: unknown[]) {
  return useLoad<T | null>(() => fn().then((r) => r.data), deps, null);
}

const HEADER_PX = 46;

/** Frame of every widget: header, "more" link (new tab), body of the configured height. */
export function WidgetCard({
  item,
  title,
  more,
  extra,
  loading,
  children,
}: {
  item: PortalItem;
  title: string;
  more?: string;
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
            <Button type="link" size="small" data-testid="widget-more" onClick={() => openInNewTab(more)}>
              {t('portalHome.more')}
            </Button>
          )}
        </span>
      }
      styles={{ body: { height: Math.max(height - HEADER_PX, 40), overflow: 'auto', padding: '8px 12px' } }}
    >
      <Spin spinning={!!loading}>{children}</Spin>
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
