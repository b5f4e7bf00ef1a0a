import type { PortalItem } from '@kp/schema';
import { Button, Tag } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useLoad } from '../../kit/useLoad';
import { openLink } from '../../services/linkCodes';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { textIn } from '../../util/text';
import { type NewsRow, type NoticeRow, portalApi } from './portalApi';
import { WeekCalendar } from './WeekCalendar';
import { NoData, Row, rowsOf, useWidgetData, WidgetCard } from './WidgetParts';
import {
  appLinkOf,
  availableApps,
  dayRange,
  formatDate,
  isOutdated,
  openInNewTab,
  remindOf,
  STATISTICS_PAGE_SIZE,
  statusOf,
  TARGETS,
  todayMeetingCount,
  workflowTarget,
} from './widgetLogic';

/** The rows of the business-message widgets: news, notices, messages (with their sender). */
function OaRows({ list, kind }: { list: Array<NewsRow | NoticeRow>; kind: 'news' | 'notice' | 'message' }) {
  return list.map((r) => (
    <Row
      key={r.id}
      testId={`${kind}-row`}
      unread={r.readType === false}
      title={r.title}
      sub={kind === 'message' && 'userName' in r ? r.userName : undefined}
      right={formatDate(r.creatorTime, kind)}
      onClick={() => openInNewTab(`${TARGETS[kind]}?id=${r.id}`)}
    />
  ));
}

export function NewsWidget({ item, title }: { item: PortalItem; title: string }) {
  const { data, loading } = useWidgetData(() => portalApi.news(rowsOf(item)), [item.rowCount]);
  const list = data?.list ?? [];
  const cover = list[0]?.coverFiles?.[0]?.url;
  return (
    <WidgetCard item={item} title={title} more={TARGETS.news} loading={loading}>
      {!loading && !list.length && <NoData />}
      {cover && (
        <button
          type="button"
          className="kp-news-cover"
          onClick={() => openInNewTab(`${TARGETS.news}?id=${list[0].id}`)}
        >
          <img src={cover} alt={list[0].title} data-testid="news-cover" />
        </button>
      )}
      <OaRows list={list} kind="news" />
    </WidgetCard>
  );
}

/** Notices (portalNotices) or business messages (portalMessage): the latest, unread ones marked. */
function NoticeListWidget({
  item,
  title,
  kind,
}: {
  item: PortalItem;
  title: string;
  kind: 'notice' | 'message';
}) {
  const load = kind === 'notice' ? portalApi.notices : portalApi.messages;
  const { data, loading } = useWidgetData(() => load(rowsOf(item)), [item.rowCount]);
  const list = data?.list ?? [];
  return (
    <WidgetCard item={item} title={title} more={TARGETS[kind]} loading={loading}>
      {!loading && !list.length && <NoData />}
      <OaRows list={list} kind={kind} />
    </WidgetCard>
  );
}

export const NoticesWidget = (p: { item: PortalItem; title: string }) => (
  <NoticeListWidget {...p} kind="notice" />
);
export const MessageWidget = (p: { item: PortalItem; title: string }) => (
  <NoticeListWidget {...p} kind="message" />
);

/** portalToDo / portalCirculate: a workflow list by category with the configured columns. */
export function FlowWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const category = item.category ?? (item.jnpfKey === 'portalToDo' ? 1 : 3);
  const { data, loading } = useWidgetData(
    () => portalApi.flows(category, rowsOf(item)),
    [category, item.rowCount],
  );
  const cols = new Set(item.columns ?? ['fullName', 'userName', 'creatorTime']);
  const list = data?.list ?? [];
  const target = workflowTarget(category);
  return (
    <WidgetCard item={item} title={title} more={target} loading={loading}>
      {!loading && !list.length && <NoData />}
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
            onClick={() => openInNewTab(`${target}?id=${r.id}`)}
          />
        );
      })}
    </WidgetCard>
  );
}

export function ItemWidget({ item, title }: { item: PortalItem; title: string }) {
  const { data, loading } = useWidgetData(() => portalApi.items(rowsOf(item)), [item.rowCount]);
  const list = data?.list ?? [];
  return (
    <WidgetCard item={item} title={title} loading={loading}>
      {!loading && !list.length && <NoData />}
      {list.map((r) => (
        <Row
          key={`${r.url}-${r.title}`}
          testId="item-row"
          title={r.title}
          sub={r.contents}
          onClick={() => r.url && openInNewTab(r.url)}
        />
      ))}
    </WidgetCard>
  );
}

export function DocumentWidget({ item, title }: { item: PortalItem; title: string }) {
  const { data, loading } = useWidgetData(() => portalApi.documents(rowsOf(item)), [item.rowCount]);
  const list = data?.list ?? [];
  return (
    <WidgetCard item={item} title={title} more={TARGETS.document} loading={loading}>
      {!loading && !list.length && <NoData />}
      {list.map((r) => (
        <Row
          key={r.id ?? `${r.title}-${r.createtime}`}
          testId="document-row"
          title={r.title}
          sub={r.username}
          right={formatDate(r.createtime, 'document')}
          onClick={() => openInNewTab(r.url || TARGETS.document)}
        />
      ))}
    </WidgetCard>
  );
}

/** portalCheck: the month's attendance, the unchecked days with the correction button, and the calendar. */
export function CheckWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const { data, loading } = useWidgetData(() => portalApi.attendance(), []);
  return (
    <WidgetCard item={item} title={title} more={TARGETS.attendance} loading={loading}>
      <div className="kp-check-summary">
        <div>
          <b data-testid="checked-days">{data?.checkedDay ?? 0}</b>
          <span>{t('portalHome.checkedDay')}</span>
        </div>
        <div>
          <b data-testid="unchecked-days">{data?.uncheckedDay ?? 0}</b>
          <span>{t('portalHome.uncheckedDay')}</span>
        </div>
      </div>
      {(data?.uncheckedList ?? []).slice(0, 3).map((u) => (
        <Row
          key={u.day}
          title={u.day}
          right={
            <Button size="small" onClick={() => openInNewTab(u.url || TARGETS.correction)}>
              {t('portalHome.correction')}
            </Button>
          }
        />
      ))}
      <WeekCalendar compact />
    </WidgetCard>
  );
}

export function MeetingWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const { data, loading } = useWidgetData(
    () => portalApi.meetings(dayRange(), rowsOf(item)),
    [item.rowCount],
  );
  const list = data?.list ?? [];
  return (
    <WidgetCard
      item={item}
      title={`${title} (${todayMeetingCount(list)})`}
      more={TARGETS.meeting}
      loading={loading}
      extra={
        <Button
          type="link"
          size="small"
          data-testid="meeting-start"
          onClick={() => openInNewTab(TARGETS.meeting)}
        >
          {t('portalHome.startMeeting')}
        </Button>
      }
    >
      {!loading && !list.length && <NoData />}
      {list.map((r) => (
        <Row
          key={r.crbguid}
          testId="meeting-row"
          className={isOutdated(r) ? 'kp-outdated' : undefined}
          title={
            <>
              {r.stateType === 1 && <Tag>{t('portalHome.cancelled')}</Tag>}
              {r.crTheme}
            </>
          }
          sub={`${r.crName} · ${r.userName}`}
          right={`${formatDate(r.startTime, 'meeting')}-${formatDate(r.endTime, 'meeting')}`}
          onClick={() => openInNewTab(`${TARGETS.meeting}?id=${r.crbguid}`)}
        />
      ))}
    </WidgetCard>
  );
}

/** Three cards: workflow to-do, unread documents, today's meetings; handle-now opens the list. */
export function StatisticsWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(
    async () => {
      const [todo, docs, meet] = await Promise.all([
        portalApi.flows(1, STATISTICS_PAGE_SIZE).catch(() => null),
        portalApi.documents(STATISTICS_PAGE_SIZE, 'unread').catch(() => null),
        portalApi.meetings(dayRange(), STATISTICS_PAGE_SIZE).catch(() => null),
      ]);
      return {
        todo: todo?.data.pagination?.total ?? todo?.data.list.length ?? 0,
        docs: docs?.data.pagination?.total ?? docs?.data.list.length ?? 0,
        meet: meet ? todayMeetingCount(meet.data.list) : 0,
      };
    },
    [],
    null,
  );
  const cards = [
    { key: 'todo', label: t('portalHome.statTodo'), n: data?.todo ?? 0, to: TARGETS.todo },
    { key: 'docs', label: t('portalHome.statDocs'), n: data?.docs ?? 0, to: TARGETS.document },
    { key: 'meet', label: t('portalHome.statMeetings'), n: data?.meet ?? 0, to: TARGETS.meeting },
  ];
  return (
    <WidgetCard item={item} title={title} loading={loading}>
      <div className="kp-three-cards">
        {cards.map((c) => (
          <div key={c.key} className="kp-stat-card" data-testid={`stat-${c.key}`}>
            <div className="kp-stat-label">{c.label}</div>
            <div className="kp-stat-value" data-testid={`stat-${c.key}-value`}>
              {c.n}
            </div>
            <Button type="primary" size="small" onClick={() => openInNewTab(c.to)}>
              {t('portalHome.handleNow')}
            </Button>
          </div>
        ))}
      </div>
    </WidgetCard>
  );
}

/** Three cards linking to the system home. */
export function SystemWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const sysName = useStore(sessionStore, (s) => s.sysConfig.sysName) || t('about.defaultSysName');
  const cards = [sysName, t('portalHome.sysWorkflow'), t('portalHome.sysOffice')];
  return (
    <WidgetCard item={item} title={title}>
      <div className="kp-three-cards">
        {cards.map((c) => (
          <button
            type="button"
            key={c}
            className="kp-stat-card kp-sys-card"
            data-testid="system-card"
            onClick={() => openInNewTab(TARGETS.system)}
          >
            {c}
          </button>
        ))}
      </div>
    </WidgetCard>
  );
}

export function ApplicationWidget({ item, title }: { item: PortalItem; title: string }) {
  const menu = useStore(sessionStore, (s) => s.menuList);
  const lang = currentLanguage();
  const apps = availableApps(item.list ?? [], menu);
  return (
    <WidgetCard item={item} title={title}>
      {!apps.length && <NoData />}
      <div className="kp-apps">
        {apps.map((a) => {
          const link = appLinkOf(a, globalThis.location?.origin ?? '');
          const name = textIn(a.fullName, lang);
          const face = (
            <>
              <span className="kp-app-icon" style={{ background: a.iconBackgroundColor ?? '#1890ff' }}>
                {name.slice(0, 1)}
              </span>
              <span>{name}</span>
            </>
          );
          if (link.kind === 'external' && !link.withCode)
            return (
              <a
                key={a.id}
                className="kp-app"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="app-link"
              >
                {face}
              </a>
            );
          // an in-app page, or a link that signs in: it opens only on a click that fetches a fresh one-time
          // code bound to it (no href: a middle click would open it without one, or with ${jnpfToken} as is)
          return (
            <button
              type="button"
              key={a.id}
              className="kp-app"
              data-testid="app-link"
              data-path={link.kind === 'app' ? link.path : undefined}
              onClick={() =>
                link.kind === 'app' ? openInNewTab(link.path) : void openLink(link.href, { withCode: true })
              }
            >
              {face}
            </button>
          );
        })}
      </div>
    </WidgetCard>
  );
}

/** The widget of each jnpfKey (portalToDo and portalCirculate are one flow list by category). */
const WIDGETS: Record<string, ComponentType<{ item: PortalItem; title: string }>> = {
  portalNews: NewsWidget,
  portalNotices: NoticesWidget,
  portalMessage: MessageWidget,
  portalToDo: FlowWidget,
  portalCirculate: FlowWidget,
  portalitem: ItemWidget,
  portalDocument: DocumentWidget,
  portalCheck: CheckWidget,
  portalMeeting: MeetingWidget,
  portalStatistics: StatisticsWidget,
  portalSystem: SystemWidget,
  portalApplication: ApplicationWidget,
};

/** Draws one widget of a layout. */
export function PortalWidget({ item }: { item: PortalItem }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const title = textIn(item.header, lang) || t(`portalHome.widget.${item.jnpfKey}`);
  const Widget = Object.hasOwn(WIDGETS, item.jnpfKey) ? WIDGETS[item.jnpfKey] : undefined;
  return Widget ? <Widget item={item} title={title} /> : null;
}
