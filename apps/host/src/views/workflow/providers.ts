import type { FormProviders } from '@kp/renderer';
import { httpFormProviders } from '../../services/formProviders';
import { sessionStore } from '../../store/session';

/** The flow forms' providers: the host's HTTP-backed set (pickers, options, uploads, bill numbers). */
export function wfProviders(): FormProviders {
  return httpFormProviders();
}

/** Launch defaults: an empty single user picker gets the current user, a department picker his department. */
export function launchDefaults(form: { fields?: unknown[] } | null | undefined): Record<string, unknown> {
  const u = sessionStore.get().userInfo;
  const out: Record<string, unknown> = {};
  if (!u) return out;
  const walk = (list: unknown) => {
    for (const f of (Array.isArray(list) ? list : []) as Array<Record<string, any>>) {
      const key = f.__config__?.jnpfKey;
      const dv = f.__config__?.defaultValue;
      const empty = dv === undefined || dv === null || dv === '' || (Array.isArray(dv) && !dv.length);
      if (f.__vModel__ && empty && !f.multiple) {
        if (key === 'userSelect') out[f.__vModel__] = u.userId;
        if (key === 'depSelect' && u.departmentId) out[f.__vModel__] = u.departmentId;
      }
      walk(f.__config__?.children);
    }
  };
  walk(form?.fields);
  return out;
}
