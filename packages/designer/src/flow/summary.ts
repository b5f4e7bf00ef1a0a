import type { FlowNode } from '@kp/schema';
import { t } from '../i18n';

const list = (a?: string[]) => (a?.length ? a.join('、') : '');

/** One-line text of what a node does, shown in its box. */
export function nodeSummary(node: FlowNode, lang = 'zh'): string {
  const p = node.properties;
  const tt = (k: string, o?: Record<string, unknown>) => t(k, { lng: lang, ...o });
  switch (node.type) {
    case 'start':
      return (
        list([...(p.initiator ?? []), ...(p.initiatePos ?? []), ...(p.initiateRole ?? [])]) || tt('flow.all')
      );
    case 'approver': {
      if (p.assigneeType === 6) return tt('flow.assignee.6');
      if (p.assigneeType === 7) return tt('flow.assignee.7');
      const s = list([...(p.approvers ?? []), ...(p.approverPos ?? []), ...(p.approverRole ?? [])]);
      return s || tt('flow.pleaseSet', { what: tt('flow.approver') });
    }
    case 'copy':
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
            .map(
              (i) =>
                `${i.fieldName || i.field || i.fieldType} ${i.operator} ${i.value ?? ''}${i.operator === 'between' ? `~${i.value2 ?? ''}` : ''}`,
            )
            .join(g.logic === 'or' ? ' 或 ' : ' 且 '),
        )
        .filter(Boolean)
        .join(p.groupsLogic === 'and' ? ' 且 ' : ' 或 ');
      return text || node.content || tt('flow.pleaseSetCondition');
    }
    default:
      return node.content ?? '';
  }
}
