import { createRendererI18n, FormStore, RenderContext, type RenderContextValue, WIDGETS } from '@kp/renderer';
import type { Language } from '@kp/schema';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { UserByDeptPicker } from '../../kit/UserByDeptPicker';
import { wfProviders } from './providers';

const providers = wfProviders();
const noop = () => {};

/**
 * The organisation user picker of the workflow dialogs (cc, added signer, transfer, assign, free approver,
 * notify): @kp/renderer's user widget (department tree loaded level by level, keyword search, the chosen
 * list with clear-all; 800 px) with the HTTP providers of the flow forms. `title` is the picker's title.
 * "By department" beside it opens the user-by-department picker (kit/UserByDeptPicker: department table,
 * personal and enterprise groups); the users chosen there join the value (replace it when single).
 */
export function OrgUserSelect(props: {
  value: string[];
  onChange(ids: string[]): void;
  multiple?: boolean;
  title: string;
  placeholder?: string;
  testId?: string;
}) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [byDept, setByDept] = useState(false);
  const language = currentLanguage() as Language;
  const ctx = useMemo<RenderContextValue>(() => {
    const i18n = createRendererI18n(language);
    return {
      store: new FormStore({}),
      providers,
      language,
      t: ((k: string, v?: Record<string, unknown>) => i18n.t(k, v) as string) as RenderContextValue['t'],
      mode: 'edit',
      formDisabled: false,
      fieldsByModel: new Map(),
      fieldAccess: () => undefined,
      platform: 'pc',
      labelAlign: 'right',
      fieldChanged: noop,
      validateField: noop,
      message: (text, type = 'info') => void message[type](text),
    };
  }, [language, message]);
  const kind = props.multiple ? 'usersSelect' : 'userSelect';
  const field = useMemo(
    () => ({
      __config__: { jnpfKey: kind, label: props.title },
      __vModel__: 'users',
      multiple: !!props.multiple,
    }),
    [kind, props.title, props.multiple],
  );
  const W = WIDGETS[kind];
  return (
    <div data-testid={props.testId} className="kp-wf-user-select">
      <RenderContext.Provider value={ctx}>
        <W
          field={field}
          value={props.multiple ? props.value : (props.value[0] ?? '')}
          onChange={(v) => props.onChange(Array.isArray(v) ? v.map(String) : v ? [String(v)] : [])}
          disabled={false}
          placeholder={props.placeholder ?? ''}
        />
      </RenderContext.Provider>
      <Button type="link" size="small" data-testid="by-dept-open" onClick={() => setByDept(true)}>
        {t('kit.byDept')}
      </Button>
      <UserByDeptPicker
        open={byDept}
        multiple={props.multiple}
        onCancel={() => setByDept(false)}
        onOk={(users) => {
          setByDept(false);
          const ids = users.map((u) => u.id);
          if (!ids.length) return;
          props.onChange(props.multiple ? [...new Set([...props.value, ...ids])] : ids.slice(0, 1));
        }}
      />
    </div>
  );
}
