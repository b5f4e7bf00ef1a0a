import { Button, Drawer, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { splitRecipients } from './model';
import { type PickUser, UserPicker } from './UserPicker';

const NONE: PickUser[] = [];

export interface Recipient {
  userId: string;
  userName: string;
}

/**
 * Recipients of a message, news item or notice: 20 shown, the rest as 还有N位接收人 opening the drawer
 * 接收人列表 (15%); 添加接收人 / 删除接收人 only for the object's creator (the server checks too).
 */
export function Recipients({
  list,
  isCreator,
  prefix,
  objectId,
  objectType,
  onChanged,
}: {
  list: Recipient[];
  isCreator: boolean;
  prefix: string;
  objectId: string;
  objectType: 'message' | 'news' | 'notice';
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const [mode, setMode] = useState<'add' | 'del' | null>(null);
  const { shown, rest } = splitRecipients(list);
  const current = useMemo<PickUser[]>(
    () => list.map((r) => ({ id: r.userId, realName: r.userName, account: '' })),
    [list],
  );

  const apply = async (users: PickUser[]) => {
    const op = mode === 'add' ? 'addrecipient' : 'delrecipient';
    setMode(null);
    if (!users.length) return;
    try {
      await http.post(
        `${prefix}/${encodeURIComponent(objectId)}/${objectType}/${op}`,
        { userIds: users.map((u) => u.id) },
        { showSuccess: true },
      );
      onChanged();
    } catch {
      /* toast shown */
    }
  };

  return (
    <div className="kp-recipients" data-testid="recipients">
      <span className="kp-muted">{t('oa.recipients')}：</span>
      {list.length === 0 && <span>{t('oa.recipientsAll')}</span>}
      {shown.map((r) => (
        <Tag key={r.userId} data-testid="recipient">
          {r.userName}
        </Tag>
      ))}
      {rest > 0 && (
        <Button type="link" size="small" onClick={() => setDrawer(true)} data-testid="recipients-more">
          {t('oa.moreRecipients', { n: rest })}
        </Button>
      )}
      {isCreator && (
        <Space size="small">
          <Button size="small" onClick={() => setMode('add')} data-testid="recipient-add">
            {t('oa.addRecipient')}
          </Button>
          {list.length > 0 && (
            <Button size="small" onClick={() => setMode('del')} data-testid="recipient-del">
              {t('oa.delRecipient')}
            </Button>
          )}
        </Space>
      )}
      <Drawer open={drawer} title={t('oa.recipientList')} size="15%" onClose={() => setDrawer(false)}>
        {list.map((r) => (
          <div key={r.userId}>{r.userName}</div>
        ))}
      </Drawer>
      <UserPicker
        open={mode !== null}
        initial={NONE}
        candidates={mode === 'del' ? current : undefined}
        onCancel={() => setMode(null)}
        onOk={(u) => void apply(u)}
      />
    </div>
  );
}
