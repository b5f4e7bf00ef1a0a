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
import { FlowWidget } from './FlowWidget';
import { type NewsRow, type NoticeRow, portalApi } from './portalApi';
import { WeekCalendar } from './WeekCalendar';
import { NoData, Row, useWidgetData, useWidgetList, useWidgetTabs, WidgetCard } from './WidgetParts';
import {
  appLinkOf,
  availableApps,
  dayRange,
  formatDate,
  isOutdated,
  openInNewTab,
  STATISTICS_PAGE_SIZE,
  TARGETS,
  todayMeetingCount,
} from './widgetLogic';

/** The rows of the business-message widgets: news, notices, messages (with their sender). */
function OaRows({
  list,
  kind,
  openTab,
}: {
  list: Array<NewsRow | NoticeRow>;
  kind: 'news' | 'notice' | 'message';
  openTab: (path: string) => void;
}) {
  return list.map((r) => (
    <Row
      key={r.id}
      testId={`${kind}-row`}
      unread={r.readType === false}
      title={r.title}
      sub={kind === 'message' && 'userName' in r ? r.userName : undefined}
      right={formatDate(r.creatorTime, kind)}
      onClick={() => openTab(`${TARGETS[kind]}?id=${r.id}`)}
    />
  ));
}

export function NewsWidget({ item, title }: { item: PortalItem; title: string }) {
  const { list, loading, openTab } = useWidgetList(item, portalApi.news);
  const cover = list[0]?.coverFiles?.[0]?.url;
  return (
    <WidgetCard
      item={item}
      title={title}
      more={TARGETS.news}
      loading={loading}
      openTab={openTab}
      empty={!list.length}
    >
      {cover && (
        <button
          type="button"
          className="kp-news-cover"
          onClick={() => openTab(`${TARGETS.news}?id=${list[0].id}`)}
        >
          <img src={cover} alt={list[0].title} data-testid="news-cover" />
        </button>
      )}
      <OaRows list={list} kind="news" openTab={openTab} />
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
  const { list, loading, openTab } = useWidgetList(item, load);
  return (
    <WidgetCard
      item={item}
      title={title}
      more={TARGETS[kind]}
      loading={loading}
      openTab={openTab}
      empty={!list.length}
    >
      <OaRows list={list} kind={kind} openTab={openTab} />
    </WidgetCard>
  );
}

export const NoticesWidget = (p: { item: PortalItem; title: string }) => (
  <NoticeListWidget {...p} kind="notice" />
);
export const MessageWidget = (p: { item: PortalItem; title: string }) => (
  <NoticeListWidget {...p} kind="message" />
);

export function ItemWidget({ item, title }: { item: PortalItem; title: string }) {
  const { list, loading, openTab } = useWidgetList(item, portalApi.items);
  return (
    <WidgetCard item={item} title={title} loading={loading} empty={!list.length}>
      {list.map((r) => (
        <Row
          key={`${r.url}-${r.title}`}
          testId="item-row"
          title={r.title}
          sub={r.contents}
          onClick={() => r.url && openTab(r.url)}
        />
      ))}
    </WidgetCard>
  );
}

export function DocumentWidget({ item, title }: { item: PortalItem; title: string }) {
  const { list, loading, openTab } = useWidgetList(item, (rows) => portalApi.documents(rows));
  return (
    <WidgetCard
      item={item}
      title={title}
      more={TARGETS.document}
      loading={loading}
      openTab={openTab}
      empty={!list.length}
    >
      {list.map((r) => (
        <Row
          key={r.id ?? `${r.title}-${r.createtime}`}
          testId="document-row"
          title={r.title}
          sub={r.username}
          right={formatDate(r.createtime, 'document')}
          onClick={() => openTab(r.url || TARGETS.document)}
        />
      ))}
    </WidgetCard>
  );
}

/** portalCheck: the month's attendance, the unchecked days with the correction button, and the calendar. */
export function CheckWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const { data, loading, openTab } = useWidgetData(() => portalApi.attendance(), []);
  return (
    <WidgetCard item={item} title={title} more={TARGETS.attendance} loading={loading} openTab={openTab}>
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
            <Button size="small" onClick={() => openTab(u.url || TARGETS.correction)}>
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
  const { list, loading, openTab } = useWidgetList(item, (rows) => portalApi.meetings(dayRange(), rows));
  return (
    <WidgetCard
      item={item}
      title={`${title} (${todayMeetingCount(list)})`}
      more={TARGETS.meeting}
      loading={loading}
      openTab={openTab}
      empty={!list.length}
      extra={
        <Button type="link" size="small" data-testid="meeting-start" onClick={() => openTab(TARGETS.meeting)}>
          {t('portalHome.startMeeting')}
        </Button>
      }
    >
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
          onClick={() => openTab(`${TARGETS.meeting}?id=${r.crbguid}`)}
        />
      ))}
    </WidgetCard>
  );
}

/** Three cards: workflow to-do, unread documents, today's meetings; handle-now opens the list. */
export function StatisticsWidget({ item, title }: { item: PortalItem; title: string }) {
  const { t } = useTranslation();
  const { data, loading, reload } = useLoad(
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
  const openTab = useWidgetTabs(reload);
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
            <div className="kp-stat-label" title={c.label}>
              {c.label}
            </div>
            <div className="kp-stat-value" data-testid={`stat-${c.key}-value`}>
              {c.n}
            </div>
            <Button type="primary" size="small" onClick={() => openTab(c.to)}>
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
