import { Button, Empty, Input, List, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImUserRow, imUserPage } from '../../kit/imUsers';
import { usePagedScroll } from '../../kit/usePagedScroll';

/** A user shown in the picker (the user list's row, or a recipient of an item). */
export type PickUser = ImUserRow;

const NONE: PickUser[] = [];

/**
 * 候选人员: left the search results (20 a page, the next when the pane is scrolled within 200 px of its
 * bottom, spec 1 §9), right 已选 with 清空列表; 800 px (spec 1 §2.5).
 */
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
  const [picked, setPicked] = useState<PickUser[]>(initial);
  useEffect(() => {
    if (open) setPicked(initial);
  }, [open, initial]);
  // all users: 20 a page, the next near the pane's bottom (spec 1 §9); a fixed list is filtered here
  const paged = usePagedScroll(imUserPage, { enabled: open && !candidates, keyOf: (u) => u.id });
  const { search, keyword } = paged;
  useEffect(() => {
    if (!open || candidates || kw.trim() === keyword) return;
    const h = setTimeout(() => search(kw.trim()), 250);
    return () => clearTimeout(h);
  }, [kw, keyword, open, candidates, search]);
  useEffect(() => {
    if (!open) setKw('');
  }, [open]);
  const rows = useMemo(() => {
    if (!candidates) return paged.items;
    const k = kw.trim().toLowerCase();
    return k ? candidates.filter((u) => `${u.realName}/${u.account}`.toLowerCase().includes(k)) : candidates;
  }, [candidates, kw, paged.items]);

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
        <div
          className="kp-picker-pane"
          ref={paged.boxRef}
          onScroll={paged.onScroll}
          data-testid="picker-results"
        >
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
            loading={paged.loading}
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
