import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Drawer, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { type ColumnSetting, mergeSettings, move, parseFieldList } from './columnSettings';
import './i18n';

/** Spec 3 §9 / 4 §9: the column-settings drawer is 320 px wide. */
export const COLUMN_DRAWER_WIDTH = 320;
/** Columns with this key (the row actions) are always shown and not listed in the drawer. */
export const ACTION_KEY = 'a';

const propOf = (c: ColumnsType<never>[number]): string => {
  const d = 'dataIndex' in c ? c.dataIndex : undefined;
  return String(c.key ?? (Array.isArray(d) ? d.join('.') : (d ?? '')));
};

/**
 * The list's column settings: loaded per module (the caller's own copy), saved on every change; a failed
 * save puts back the last good copy (spec 3 §8 / 4 §8). Without a module id (a page outside the menu) the
 * settings live only in the page.
 */
export function useColumnSettings<R>(moduleId: string, columns: ColumnsType<R>) {
  const page = useMemo(
    () =>
      columns
        .filter((c) => c.key !== ACTION_KEY)
        .map((c) => ({
          prop: propOf(c as never),
          label: typeof c.title === 'string' ? c.title : propOf(c as never),
        })),
    [columns],
  );
  const [saved, setSaved] = useState<ColumnSetting[]>([]);
  const good = useRef<ColumnSetting[]>([]);
  useEffect(() => {
    if (!moduleId) return;
    let live = true;
    http
      .get<{ fieldList?: string }>(`/api/permission/Authority/GetColumnsByModuleId/${moduleId}`, undefined, {
        silent: true,
      })
      .then((r) => {
        if (!live) return;
        good.current = parseFieldList(r.data?.fieldList);
        setSaved(good.current);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [moduleId]);
  const settings = useMemo(() => mergeSettings(page, saved), [page, saved]);
  const change = (next: ColumnSetting[]) => {
    setSaved(next);
    if (!moduleId) return;
    http
      .put('/api/permission/Authority/SetColumnsByModuleId', { moduleId, fieldList: JSON.stringify(next) })
      .then(() => {
        good.current = next;
      })
      .catch(() => setSaved(good.current));
  };
  const visible = useMemo(() => {
    const order = new Map(settings.map((s, i) => [s.prop, i]));
    const hidden = new Set(settings.filter((s) => !s.columnVisible).map((s) => s.prop));
    return columns
      .filter((c) => !hidden.has(propOf(c as never)))
      .map((c, i) => ({ c, at: c.key === ACTION_KEY ? 1e9 + i : (order.get(propOf(c as never)) ?? i) }))
      .sort((a, b) => a.at - b.at)
      .map((x) => x.c);
  }, [columns, settings]);
  return { settings, change, visible };
}

/** The drawer: one checkbox per column (shown or not) with move up / move down. */
export function ColumnSettingsDrawer({
  open,
  onClose,
  settings,
  onChange,
  extra,
}: {
  open: boolean;
  onClose: () => void;
  settings: ColumnSetting[];
  onChange: (next: ColumnSetting[]) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const all = settings.every((s) => s.columnVisible);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('kit.columnSettings')}
      size={COLUMN_DRAWER_WIDTH}
      destroyOnHidden
      extra={extra}
      data-testid="column-settings"
    >
      <Checkbox
        checked={all}
        indeterminate={!all && settings.some((s) => s.columnVisible)}
        onChange={(e) => onChange(settings.map((s) => ({ ...s, columnVisible: e.target.checked })))}
        data-testid="column-all"
      >
        {t('kit.showAll')}
      </Checkbox>
      <Divider size="small" />
      {settings.map((s, i) => (
        <Flex key={s.prop} align="center" justify="space-between" data-testid={`column-${s.prop}`}>
          <Checkbox
            checked={s.columnVisible}
            onChange={(e) =>
              onChange(
                settings.map((x) => (x.prop === s.prop ? { ...x, columnVisible: e.target.checked } : x)),
              )
            }
          >
            {s.label}
          </Checkbox>
          <span>
            <Button
              type="text"
              size="small"
              aria-label={t('kit.moveUp')}
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              onClick={() => onChange(move(settings, i, -1))}
            />
            <Button
              type="text"
              size="small"
              aria-label={t('kit.moveDown')}
              icon={<ArrowDownOutlined />}
              disabled={i === settings.length - 1}
              onClick={() => onChange(move(settings, i, 1))}
            />
          </span>
        </Flex>
      ))}
    </Drawer>
  );
}
