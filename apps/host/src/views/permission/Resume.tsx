import { STAFF_SECTIONS, type StaffSection } from '@kp/schema';
import { Button, Descriptions, Drawer, Empty, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { StaffEditor } from './StaffEditor';
import { usePerm } from './usePerm';

type Section = Record<string, unknown> & { list?: Record<string, unknown>[] };
interface ResumeData {
  user: {
    account: string;
    realName: string;
    organize: string;
    mobilePhone: string | null;
    email: string | null;
  };
  positions: string[];
  [section: string]: unknown;
}

const show = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Fields of a section that carry a value (empty sections show "no data"). */
export function filledFields(s: Section | undefined): [string, string][] {
  if (!s) return [];
  return Object.entries(s)
    .filter(([k, v]) => k !== 'list' && k !== 'userId' && k !== 'id' && show(v) !== '')
    .map(([k, v]) => [k, show(v)]);
}

/** The resume of a user (GET /api/permission/users/resume/{id}): the account, positions and every staff section. */
export function ResumeDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [data, setData] = useState<ResumeData | null>(null);
  const perm = usePerm();
  const [editing, setEditing] = useState<StaffSection | null>(null);
  const load = useCallback(() => {
    if (!userId) return;
    http
      .get<ResumeData>(`/api/permission/users/resume/${userId}`)
      .then((r) => setData(r.data))
      .catch(() => onClose());
  }, [userId, onClose]);
  useEffect(() => {
    setData(null);
    load();
  }, [load]);
  return (
    <Drawer open={!!userId} size={720} title={t('adm.resume')} onClose={onClose}>
      {data && (
        <div data-testid="user-resume">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('adm.account')}>{data.user.account}</Descriptions.Item>
            <Descriptions.Item label={t('adm.realName')}>{data.user.realName}</Descriptions.Item>
            <Descriptions.Item label={t('adm.organize')}>{data.user.organize}</Descriptions.Item>
            <Descriptions.Item label={t('adm.position')}>{data.positions.join('，')}</Descriptions.Item>
            <Descriptions.Item label={t('adm.mobilePhone')}>{data.user.mobilePhone}</Descriptions.Item>
            <Descriptions.Item label={t('adm.email')}>{data.user.email}</Descriptions.Item>
          </Descriptions>
          {STAFF_SECTIONS.map((name) => {
            const s = data[name] as Section | undefined;
            const rows = s?.list;
            const fields = filledFields(s);
            return (
              <div key={name} style={{ marginTop: 16 }}>
                <h4>
                  {t(`adm.staff_${name}`)}
                  {perm.btn('btn_edit') && (
                    <Button
                      type="link"
                      size="small"
                      data-testid={`staff-edit-${name}`}
                      onClick={() => setEditing(name)}
                    >
                      {t('adm.edit')}
                    </Button>
                  )}
                </h4>
                {rows && rows.length > 0 ? (
                  <Table
                    size="small"
                    rowKey={(_, i) => String(i)}
                    pagination={false}
                    dataSource={rows}
                    columns={Object.keys(rows[0] ?? {}).map((k) => ({
                      title: t(`adm.f_${k}`, { defaultValue: k }),
                      dataIndex: k,
                      render: show,
                    }))}
                  />
                ) : fields.length > 0 ? (
                  <Descriptions bordered size="small" column={2}>
                    {fields.map(([k, v]) => (
                      <Descriptions.Item key={k} label={t(`adm.f_${k}`, { defaultValue: k })}>
                        {v}
                      </Descriptions.Item>
                    ))}
                  </Descriptions>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
                )}
              </div>
            );
          })}
        </div>
      )}
      {editing && userId && (
        <StaffEditor
          userId={userId}
          section={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) load();
          }}
        />
      )}
    </Drawer>
  );
}
