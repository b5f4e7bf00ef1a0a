import { isNewNodeTitle } from '@kp/flow';
import type { FlowNode, FlowNodeType, I18nText } from '@kp/schema';
import { t } from '../i18n';

/** Display names of the ids a node holds (users, departments, positions, roles), id -> name. */
export type NodeNames = Record<string, string>;

/**
 * One-line text of what a node does, shown in its box. Ids are shown through `names` (resolved by the
 * designer from the organisation); an id not (yet) known is shown as …, never as a raw code.
 */
export function nodeSummary(node: FlowNode, lang = 'zh', names?: NodeNames): string {
  const p = node.properties;
  const name = (id: string) => names?.[id] ?? (names ? '…' : id);
  // one name once (the 会计 positions of several companies read 会计)
  const list = (a?: string[]) => (a?.length ? [...new Set(a.map(name))].join('、') : '');
  const tt = (k: string, o?: Record<string, unknown>) => t(k, { lng: lang, ...o });
  switch (node.type) {
    case 'start':
      return (
        list([...(p.initiator ?? []), ...(p.initiatePos ?? []), ...(p.initiateRole ?? [])]) || tt('flow.all')
      );
    case 'approver': {
      if (p.assigneeType === 6)
        return (p.initiatorLevel ?? 0) === 0 ? tt('flow.assignee.3') : tt('flow.assignee.6');
      if (p.assigneeType === 7) return tt('flow.assignee.7');
      const s = list([...(p.approvers ?? []), ...(p.approverPos ?? []), ...(p.approverRole ?? [])]);
      return s || tt('flow.pleaseSet', { what: tt('flow.approver') });
    }
    case 'copy':
      if (p.assigneeType === 6)
        return (p.initiatorLevel ?? 0) === 0 ? tt('flow.assignee.3') : tt('flow.assignee.6');
      return (
        list([
          ...(p.menbers ?? []),
          ...(p.copyUsers ?? []),
          ...(p.approvers ?? []),
          ...(p.approverPos ?? []),
          ...(p.approverRole ?? []),
        ]) || tt('flow.pleaseSet', { what: tt('flow.copy') })
      );
    case 'timer':
      return `${p.day ?? 0}${tt('flow.day')} ${p.hour ?? 0}${tt('flow.hour')} ${p.minute ?? 0}${tt('flow.minute')} ${p.second ?? 0}${tt('flow.second')}`;
    case 'subFlow':
      return p.flowId || tt('flow.pleaseSet', { what: tt('flow.flowId') });
    case 'condition':
    case 'branch': {
      const groups = p.conditions ?? [];
      const text = groups
        .map((g) =>
          g.items
            // a comparison not yet given its field says nothing (the box then asks for conditions)
            .filter((i) => i.fieldType !== 'form' || !!i.field)
            .map(
              (i) =>
                `${i.fieldName || (i.fieldType === 'form' ? i.field : tt(`flow.ft.${i.fieldType}`))} ${tt(`flow.cmp.${i.operator}`, { defaultValue: i.operator })} ${valueText(i, name)}${i.operator === 'between' ? `~${i.value2 ?? ''}` : ''}`,
            )
            .join(
              g.logic === 'or' ? ` ${tt('flow.or').toLowerCase()} ` : ` ${tt('flow.and').toLowerCase()} `,
            ),
        )
        .filter(Boolean)
        .join(
          p.groupsLogic === 'and' ? ` ${tt('flow.and').toLowerCase()} ` : ` ${tt('flow.or').toLowerCase()} `,
        );
      return text || node.content || tt('flow.pleaseSetCondition');
    }
    default:
      return node.content ?? '';
  }
}

/** A condition's value as shown: option labels (valueLabel) or organisation names, else the value. */
function valueText(
  i: { fieldType?: string; value?: unknown; valueLabel?: unknown },
  name: (id: string) => string,
): string {
  if (typeof i.valueLabel === 'string' && i.valueLabel) return i.valueLabel;
  const v = i.value;
  if (i.fieldType && i.fieldType !== 'form') {
    const ids = Array.isArray(v) ? v.map(String) : v == null || v === '' ? [] : String(v).split(',');
    return ids.map(name).join('、');
  }
  return Array.isArray(v) ? v.join('、') : String(v ?? '');
}

/**
 * Whether a node's summary is the list of the organisation's users, positions and roles it names (user
 * data: the canvas marks it so), rather than a text of the designer's own.
 */
export function summaryIsNames(node: FlowNode): boolean {
  const p = node.properties;
  const any = (...l: Array<string[] | undefined>) => l.some((a) => !!a?.length);
  switch (node.type) {
    case 'start':
      return any(p.initiator, p.initiatePos, p.initiateRole);
    case 'approver':
      return p.assigneeType !== 6 && p.assigneeType !== 7 && any(p.approvers, p.approverPos, p.approverRole);
    case 'copy':
      return p.assigneeType !== 6 && any(p.menbers, p.copyUsers, p.approvers, p.approverPos, p.approverRole);
    default:
      return false;
  }
}

/**
 * A node title after editing it in `lang`: a title given in every language keeps the others and takes the
 * new text for `lang`; a plain title stays plain. The untouched title of a new node of `type` (审批人 / 審批人 /
 * Approver, @kp/flow nodeTitle) becomes plain too, so the typed name shows in every language rather than
 * beside the generic one.
 */
export function retitle(
  title: I18nText | undefined,
  lang: string,
  text: string,
  type?: FlowNodeType,
): I18nText {
  if (title && typeof title === 'object' && !(type && isNewNodeTitle(type, title)))
    return { ...title, [lang]: text };
  return text;
}

/**
 * A node title after the administrator typed its text in `lang` in the drawer's field for that language: a
 * title given in every language takes the new text for `lang`; a plain title (shown the same in every
 * language) becomes one per language, the others keeping the plain text.
 */
export function titleIn(title: I18nText | undefined, lang: 'zh' | 'zhtw' | 'en', text: string): I18nText {
  if (title && typeof title === 'object') return { ...title, [lang]: text };
  const plain = title ?? '';
  return { zh: plain, zhtw: plain, en: plain, [lang]: text };
}
