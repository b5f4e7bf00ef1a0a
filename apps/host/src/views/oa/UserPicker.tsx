import { Button, Empty, Input, List, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';

export interface PickUser {
  id: string;
  realName: string;
  account: string;
  department?: string;
}

const NONE: PickUser[] = [];

/** 候选人员: left the search results (paged 20), right 已选 with 清空列表; 800 px (spec 1 §2.5). */
export function UserPicker({
  open,
  initial = NONE,
  candidates,
  onOk,
  onCancel,
}: {
  open: boolean;
  initial?: PickUser[];
  /** Pick among these (filtered locally) instead of searching all users. */
  candidates?: PickUser[];
  onOk: (users: PickUser[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  const [rows, setRows] = useState<PickUser[]>([]);
  const [picked, setPicked] = useState<PickUser[]>(initial);
  useEffect(() => {
    if (open) setPicked(initial);
  }, [open, initial]);
  useEffect(() => {
    if (!open) return;
    if (candidates) {
      const k = kw.trim().toLowerCase();
      setRows(
        k ? candidates.filter((u) => `${u.realName}/${u.account}`.toLowerCase().includes(k)) : candidates,
      );
      return;
    }
    const h = setTimeout(() => {
      http
        .get<{ list: PickUser[] }>(
          '/api/permission/Users/ImUser',
          { keyword: kw || undefined, currentPage: 1, pageSize: 20 },
          { silent: true },
        )
        .then((r) => setRows(r.data.list ?? []))
        .catch(() => setRows([]));
    }, 250);
    return () => clearTimeout(h);
  }, [kw, open, candidates]);

  const toggle = (u: PickUser) =>
    setPicked((p) => (p.some((x) => x.id === u.id) ? p.filter((x) => x.id !== u.id) : [...p, u]));

  return (
    <Modal
      open={open}
      title={t('oa.pickUsers')}
      width={800}
      onCancel={onCancel}
      onOk={() => onOk(picked)}
      destroyOnHidden
    >
      <div className="kp-picker">
        <div className="kp-picker-pane">
          <Input.Search
            allowClear
            placeholder={t('oa.keyword')}
            value={kw}
            onChange={(e) => setKw(e.target.value)}
            data-testid="picker-search"
          />
          <List
            size="small"
            dataSource={rows}
            locale={{ emptyText: <Empty description={t('common.noData')} /> }}
            renderItem={(u) => (
              <List.Item
                onClick={() => toggle(u)}
                className={picked.some((x) => x.id === u.id) ? 'kp-picked' : ''}
                data-testid="picker-user"
                style={{ cursor: 'pointer' }}
              >
                {u.realName}
                {u.account ? `/${u.account}` : ''} <small className="kp-muted">{u.department}</small>
              </List.Item>
            )}
          />
        </div>
        <div className="kp-picker-pane">
          <div className="kp-picker-head">
            <span>
              {t('oa.selected')} ({picked.length})
            </span>
            <Button type="link" size="small" onClick={() => setPicked([])}>
              {t('oa.clearList')}
            </Button>
          </div>
          <List
            size="small"
            dataSource={picked}
            renderItem={(u) => (
              <List.Item
                actions={[
                  <Button key="x" type="link" size="small" onClick={() => toggle(u)}>
                    ×
                  </Button>,
                ]}
              >
                {u.realName}
                {u.account ? `/${u.account}` : ''}
              </List.Item>
            )}
          />
        </div>
      </div>
    </Modal>
  );
}
