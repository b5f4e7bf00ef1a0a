import type { CompileIssue } from '@kp/engine';
import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';
import type { TextKey, Translate } from '../i18n/i18n';
import type { AnyField } from './fieldUtil';

/*
 * Error states of a bad config: the form never crashes or goes blank. What the compiler reports is listed in
 * one alert above the form, each problem naming its field in the user's language; entries that are not field
 * configs are left out of the drawn tree; a field whose widget throws shows a message naming it, and the rest
 * of the form stays usable. Unknown kinds are drawn in place by UnknownKindWidget, so the list leaves them out.
 */

/** One compile problem in the user's language, naming the field by its label (else its path). */
export function problemText(issue: CompileIssue, t: Translate): string {
  const field = issue.field?.label || issue.field?.path || issue.path;
  const vars = { field, subject: issue.subject ?? '', kind: issue.subject ?? '', path: issue.path };
  const key = (issue.code === 'unknownKind' ? 'unknownKind' : `cfg_${issue.code}`) as TextKey;
  const text = t(key, vars);
  // a code this renderer does not know yet (a newer engine): the engine's own words
  return text === key ? `${field}: ${issue.message}` : text;
}

/** The alert listing a config's problems, or nothing when it has none (unknown kinds are drawn in place). */
export function ConfigProblems({ issues, t }: { issues: readonly CompileIssue[]; t: Translate }) {
  const shown = issues.filter((i) => i.code !== 'unknownKind');
  if (shown.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="kp-form-problems"
      style={{ marginBottom: 16 }}
      title={t('configProblems')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {shown.map((issue, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt with the config, never reordered
            <li key={i} data-config-path={issue.path}>
              {problemText(issue, t)}
            </li>
          ))}
        </ul>
      }
    />
  );
}

const PANED = new Set(['tab', 'collapse']);

/** Field configs only (objects with a `__config__` object), children lists as lists; unchanged input is returned as is. */
export function drawableFields(list: unknown): AnyField[] {
  if (!Array.isArray(list)) return [];
  let changed = false;
  const out: AnyField[] = [];
  for (const raw of list) {
    const f = drawable(raw);
    if (f !== raw) changed = true;
    if (f) out.push(f);
  }
  return changed ? out : (list as AnyField[]);
}

function drawable(raw: unknown): AnyField | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const f = raw as AnyField;
  const c = f.__config__ as AnyField['__config__'] | undefined;
  if (!c || typeof c !== 'object') return null;
  // a kind that is not a string is still drawn (as an unknown kind, naming the field)
  const jnpfKey = typeof c.jnpfKey === 'string' ? c.jnpfKey : String(c.jnpfKey);
  const children =
    c.children === undefined
      ? undefined
      : PANED.has(jnpfKey)
        ? panes(c.children)
        : drawableFields(c.children);
  if (jnpfKey === c.jnpfKey && children === c.children) return f;
  return { ...f, __config__: { ...c, jnpfKey, ...(children === undefined ? {} : { children }) } };
}

/** Tab and collapse panes: objects, each with a `__config__` holding a list of field configs. */
function panes(list: unknown): AnyField[] {
  if (!Array.isArray(list)) return [];
  let changed = false;
  const out: AnyField[] = [];
  for (const raw of list) {
    const pane = raw as AnyField | null;
    if (!pane || typeof pane !== 'object' || !pane.__config__ || typeof pane.__config__ !== 'object') {
      changed = true;
      continue;
    }
    const children = drawableFields(pane.__config__.children);
    if (children !== pane.__config__.children) {
      changed = true;
      out.push({ ...pane, __config__: { ...pane.__config__, children } });
    } else out.push(pane);
  }
  return changed ? out : (list as AnyField[]);
}

interface GuardProps {
  /** Shown instead of the children when they throw while rendering. */
  fallback(error: Error): ReactNode;
  /** A new value (the field's config) clears a caught error. */
  resetKey?: unknown;
  children: ReactNode;
}

/** An error boundary: what throws inside shows `fallback` in its place instead of unmounting the whole form. */
export class RenderGuard extends Component<GuardProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(prev: GuardProps): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The message of a field whose widget threw: names the field, in the user's language. */
export function fieldCrashed(name: string, t: Translate) {
  return (error: Error) => (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('fieldCrashed', { field: name, message: error.message })}
    />
  );
}

/** What the form shows when drawing it throws (a config the checks above did not catch): the error, in the list's alert. */
export function formCrashedBy(t: Translate) {
  return (error: Error) => (
    <ConfigProblems
      issues={[{ code: 'uncompilable', path: '', message: error.message, subject: error.message }]}
      t={t}
    />
  );
}
