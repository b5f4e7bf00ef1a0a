import { PORTAL_COLUMNS, PORTAL_LIMITS, type PortalItem } from '@kp/schema';
import { Button, Checkbox, Input, InputNumber, Radio, Slider, Space } from 'antd';
import { labelText, useDesignerT } from '../i18n';
import {
  addAppItem,
  appItemName,
  clampHeight,
  clampRowCount,
  clampWidth,
  hasCategory,
  hasColumns,
  hasRowCount,
  removeAppItem,
} from './model';

const L = PORTAL_LIMITS;

const HEADER_LANGS = [
  ['zh', 'portal.headerZh'],
  ['zhtw', 'portal.headerZhtw'],
  ['en', 'portal.headerEn'],
] as const;

/** A header as its three languages (a plain string, as older layouts hold it, is the zh one). */
const headerObject = (h: PortalItem['header']): { zh?: string; zhtw?: string; en?: string } =>
  typeof h === 'string' ? { zh: h } : { ...(h ?? {}) };
const headerIn = (h: PortalItem['header'], lng: 'zh' | 'zhtw' | 'en') => headerObject(h)[lng] ?? '';

/** The selected widget's properties: header, size, rows, shadow, category, columns, application items. */
export function WidgetProps({
  item,
  onChange,
  warn,
}: {
  item: PortalItem;
  onChange: (fn: (d: PortalItem) => void) => void;
  warn: (s: string) => void;
}) {
  const { t, lang } = useDesignerT();
  const k = item.jnpfKey;
  const minW = item.minW ?? L.minW;
  return (
    <div
      data-testid="portal-props"
      style={{ width: 300, padding: 8, borderLeft: '1px solid #eee', overflowY: 'auto' }}
    >
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('portal.props')}</div>
      <div>{t('portal.header')}</div>
      {HEADER_LANGS.map(([lng, key]) => (
        <Space.Compact key={lng} block style={{ marginBottom: 4 }}>
          <Space.Addon style={{ minWidth: 96 }}>{t(key)}</Space.Addon>
          <Input
            data-testid={lng === lang ? 'portal-header' : `portal-header-${lng}`}
            value={headerIn(item.header, lng)}
            onChange={(e) =>
              onChange((d) => {
                d.header = { ...headerObject(d.header), [lng]: e.target.value };
              })
            }
          />
        </Space.Compact>
      ))}
      <div style={{ marginTop: 8 }}>{t('portal.width')}</div>
      <Slider
        data-testid="portal-width"
        min={minW}
        max={item.maxW ?? L.maxW}
        step={L.wStep}
        value={item.w}
        onChange={(v) =>
          onChange((d) => {
            d.w = clampWidth(v, minW, d.maxW ?? L.maxW);
          })
        }
      />
      <div>{t('portal.height')}</div>
      <Slider
        data-testid="portal-height"
        min={L.minHeight}
        max={L.maxHeight}
        value={item.height ?? 300}
        onChange={(v) =>
          onChange((d) => {
            d.height = clampHeight(v);
          })
        }
      />
      {hasRowCount(k) ? (
        <>
          <div>
            {t('portal.rowCount')} <span style={{ color: '#666' }}>({t('portal.rowCountHint')})</span>
          </div>
          <InputNumber
            data-testid="portal-rowcount"
            min={L.minRowCount}
            max={L.maxRowCount}
            value={item.rowCount ?? L.rowCount}
            onChange={(v) =>
              onChange((d) => {
                d.rowCount = clampRowCount(v ?? L.rowCount);
              })
            }
          />
        </>
      ) : null}
      <div style={{ marginTop: 8 }}>{t('portal.shadow')}</div>
      <Radio.Group
        value={item.shadow ?? 'always'}
        onChange={(e) =>
          onChange((d) => {
            d.shadow = e.target.value;
          })
        }
      >
        <Radio value="always">{t('portal.always')}</Radio>
        <Radio value="hover">{t('portal.hover')}</Radio>
        <Radio value="never">{t('portal.never')}</Radio>
      </Radio.Group>
      {hasCategory(k) ? (
        <>
          <div style={{ marginTop: 8 }}>{t('portal.category')}</div>
          <Radio.Group
            value={item.category ?? 1}
            onChange={(e) =>
              onChange((d) => {
                d.category = e.target.value;
              })
            }
          >
            <Radio value={1}>{t('portal.todo')}</Radio>
            <Radio value={3}>{t('portal.circulate')}</Radio>
          </Radio.Group>
        </>
      ) : null}
      {hasColumns(k) ? (
        <>
          <div style={{ marginTop: 8 }}>{t('portal.columns')}</div>
          <Checkbox.Group
            value={item.columns ?? []}
            options={PORTAL_COLUMNS.map((c) => ({ value: c, label: t(`col.${c}`) }))}
            onChange={(v) =>
              onChange((d) => {
                d.columns = PORTAL_COLUMNS.filter((c) => v.includes(c));
              })
            }
          />
        </>
      ) : null}
      {k === 'portalApplication' ? (
        <div data-testid="portal-apps" style={{ marginTop: 8 }}>
          <div>{t('portal.items')}</div>
          {(item.list ?? []).map((a, i) => (
            <div key={a.id} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
              <Input
                placeholder={t('portal.itemName')}
                value={labelText(a.fullName, lang)}
                onChange={(e) =>
                  onChange((d) => {
                    d.list![i]!.fullName = e.target.value;
                  })
                }
              />
              <Input
                placeholder={t('portal.urlAddress')}
                value={a.urlAddress ?? ''}
                onChange={(e) =>
                  onChange((d) => {
                    d.list![i]!.urlAddress = e.target.value;
                  })
                }
              />
              <Button
                data-testid="portal-app-remove"
                onClick={() => {
                  const r = removeAppItem(item.list ?? [], i);
                  if (!r.ok) warn(t(r.error));
                  else
                    onChange((d) => {
                      d.list = r.list;
                    });
                }}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            size="small"
            data-testid="portal-app-add"
            onClick={() => {
              const list = item.list ?? [];
              const id = String(Math.max(0, ...list.map((x) => Number(x.id) || 0)) + 1);
              const r = addAppItem(list, {
                id,
                fullName: appItemName(id, lang),
                urlAddress: '',
                linkTarget: '_self',
              });
              if (!r.ok) warn(t(r.error));
              else
                onChange((d) => {
                  d.list = r.list;
                });
            }}
          >
            {t('btn.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
