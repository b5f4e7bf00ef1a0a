import { Badge, Button, Drawer, Empty, List, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../api/http';
import { onSocketMessage } from '../services/socket';
import '../views/oa/i18n';
import '../views/oa/oa.css';
import { formatTime } from '../views/oa/model';
import { type SiteMessage, useOpenSiteMessage, useReadAll } from '../views/oa/siteMessages';

/** Site-message drawer: unread first, read-all (with confirmation), link to the message centre. */
export default function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [list, setList] = useState<SiteMessage[]>([]);
  const load = useCallback(async () => {
    try {
      const res = await http.get<{ list: SiteMessage[] }>(
        '/api/message/Notice',
        { currentPage: 1, pageSize: 20 },
        { silent: true },
      );
      setList(res.data.list ?? []);
    } catch {
      /* list failures only stop the loading indicator */
    }
  }, []);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  useEffect(
    () =>
      onSocketMessage((m) => {
        if (open && m.method === 'messagePush') void load();
      }),
    [open, load],
  );
  const readAll = useReadAll(() => void load());
  const { openMessage, view } = useOpenSiteMessage(() => void load());

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        // wide enough for the title and both links on one line in every language (antd caps it at 100vw)
        size={400}
        title={t('oa.siteMessages')}
        extra={
          <Space size={0}>
            <Button type="link" size="small" onClick={readAll} data-testid="notice-read-all">
              {t('oa.readAll')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => {
                onClose();
                navigate('/messageRecord');
              }}
              data-testid="notice-center"
            >
              {t('oa.messageCenter')}
            </Button>
          </Space>
        }
      >
        <List
          dataSource={list}
          locale={{ emptyText: <Empty description={t('common.noData')} /> }}
          renderItem={(m) => (
            <List.Item
              onClick={() => {
                onClose();
                void openMessage(m);
              }}
              style={{ cursor: 'pointer' }}
              data-testid="notice-item"
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Badge status={m.isRead === '0' ? 'processing' : 'default'} />
                    <span data-testid="notice-item-title">{m.title}</span>
                  </Space>
                }
                description={
                  <span className="kp-muted">
                    {m.creatorUser} {formatTime(m.lastModifyTime)}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
      {view}
    </>
  );
}
