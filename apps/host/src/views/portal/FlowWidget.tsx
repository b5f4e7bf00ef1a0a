import type { PortalItem } from '@kp/schema';
import { Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_FLOW_WATCH_MS, useChildWindow } from '../../services/childWindow';
import { linkTarget } from '../../services/linkCodes';
import type { FlowDialogOptions } from '../workflow/FlowDialogParts';
import { rowDialog } from '../workflow/model';
import { portalApi, type TaskRow } from './portalApi';
import { Row, rowsOf, useWidgetData, WidgetCard } from './WidgetParts';
import { formatDate, remindOf, statusOf, workflowTarget } from './widgetLogic';

/** The approval dialog of the workflow lists, loaded when a row is first opened (the home page stays light). */
const ListDialog = lazy(() => import('../workflow/FlowDialog').then((m) => ({ default: m.ListDialog })));

/**
 * portalToDo / portalCirculate: a workflow list by category with the configured columns. A row opens that
 * request in place: a to-do in the approval dialog of the to-do list, a circulated item in the dialog of the
 * circulated list (marked read); closing the dialog after a change reloads the widget. A task of another
 * system (isOut 1) opens its webUrl in a new window with a one-time user code bound to that address (never
 * the session token; the server refuses an address it did not hand out), watched every 100 ms (spec 1 §9)
 * so the widget reloads once the window is closed. "More" opens the whole list in a new tab, watched too.
 */
export function FlowWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const category = item.category ?? (item.jnpfKey === 'portalToDo' ? 1 : 3);
  const { data, loading, reload, openTab } = useWidgetData(
    () => portalApi.flows(category, rowsOf(item)),
    [category, item.rowCount],
  );
  const openChild = useChildWindow();
  const [dialog, setDialog] = useState<FlowDialogOptions | null>(null);
  const cols = new Set(item.columns ?? ['fullName', 'userName', 'creatorTime']);
  const list = data?.list ?? [];

  const open = (r: TaskRow) => {
    if (r.isOut === 1 && r.webUrl) {
      openChild(linkTarget(r.webUrl, { withCode: true }), reload, EXTERNAL_FLOW_WATCH_MS);
      return;
    }
    setDialog(rowDialog(r, category === 1 ? '1' : '3'));
  };

  return (
    <WidgetCard
      item={item}
      title={title}
      more={workflowTarget(category)}
      loading={loading}
      openTab={openTab}
      empty={!list.length}
    >
      {list.map((r) => {
        const st = statusOf(r.status);
        const remind = cols.has('remindText') ? remindOf(r) : null;
        return (
          <Row
            key={r.id}
            testId="flow-row"
            title={
              <>
                {cols.has('status') && (
                  <Tag color={st.color} data-testid="flow-status">
                    {t(`portalHome.status.${st.key}`)}
                  </Tag>
                )}
                {cols.has('fullName') && r.fullName}
                {remind && (
                  <span className="kp-remind" data-testid="flow-remind">
                    {remind.key === 'pressed'
                      ? t('portalHome.pressed')
                      : t('portalHome.retained', { days: remind.days })}
                  </span>
                )}
              </>
            }
            sub={[
              cols.has('userName') ? r.userName : '',
              cols.has('origins') ? (r.flowName ?? r.from ?? '') : '',
            ]
              .filter(Boolean)
              .join(' · ')}
            right={cols.has('creatorTime') ? formatDate(r.creatorTime, 'task') : undefined}
            onClick={() => open(r)}
          />
        );
      })}
      {dialog && (
        <Suspense fallback={null}>
          <ListDialog dialog={dialog} onClose={() => setDialog(null)} reload={reload} />
        </Suspense>
      )}
    </WidgetCard>
  );
}
