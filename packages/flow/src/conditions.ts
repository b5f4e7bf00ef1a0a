import type { ConditionGroup, ConditionItem } from '@kp/schema';
import { departmentChain, type OrgDirectory } from './org';

export interface ConditionScope {
  formData: Record<string, unknown>;
  initiatorId: string | null;
  org: OrgDirectory;
}

const asList = (v: unknown): unknown[] =>
  Array.isArray(v)
    ? v
    : v === undefined || v === null || v === ''
      ? []
      : typeof v === 'string' && v.includes(',')
        ? v.split(',')
        : [v];
const same = (a: unknown, b: unknown) => String(a) === String(b);

function leftValue(item: ConditionItem, s: ConditionScope): unknown {
  const u = s.initiatorId ? s.org.user(s.initiatorId) : undefined;
  switch (item.fieldType) {
    case 'form':
      return item.field ? s.formData[item.field] : undefined;
    case 'initiator':
      return s.initiatorId;
    case 'department':
      return s.initiatorId ? departmentChain(s.org, s.initiatorId) : [];
    case 'position':
      return u?.positionIds ?? [];
    case 'role':
      return u?.roleIds ?? [];
  }
}

function toNumber(v: unknown, date: boolean): number {
  if (date) {
    if (typeof v === 'number') return v;
    const t = Date.parse(String(v));
    return Number.isNaN(t) ? Number.NaN : t;
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/**
 * One comparison. Number operators compare numerically (dates as instants when valueType is date;
 * = and != fall back to text equality when either side is not numeric). List operators: in and
 * includesAny hold when the two sides share an element, notIn when they share none, includesAll
 * when the left side holds every listed value. A missing value fails every comparison but notIn,
 * notEquals, notContains and empty.
 */
export function evaluateItem(item: ConditionItem, s: ConditionScope): boolean {
  const left = leftValue(item, s);
  const op = item.operator;
  const date = item.valueType === 'date';
  switch (op) {
    case '=':
    case '!=': {
      const a = toNumber(left, date);
      const b = toNumber(item.value, date);
      const eq =
        !Number.isNaN(a) && !Number.isNaN(b)
          ? a === b
          : left !== undefined && left !== null && same(left, item.value);
      return op === '=' ? eq : !eq;
    }
    case '>':
    case '>=':
    case '<':
    case '<=':
    case 'between': {
      const a = toNumber(left, date);
      const b = toNumber(item.value, date);
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      if (op === '>') return a > b;
      if (op === '>=') return a >= b;
      if (op === '<') return a < b;
      if (op === '<=') return a <= b;
      const c = toNumber(item.value2, date);
      return !Number.isNaN(c) && a >= b && a <= c;
    }
    case 'equals':
      return left !== undefined && left !== null && same(left, item.value);
    case 'notEquals':
      return !(left !== undefined && left !== null && same(left, item.value));
    case 'contains':
      return left !== undefined && left !== null && String(left).includes(String(item.value ?? ''));
    case 'notContains':
      return !(left !== undefined && left !== null && String(left).includes(String(item.value ?? '')));
    case 'startsWith':
      return left !== undefined && left !== null && String(left).startsWith(String(item.value ?? ''));
    case 'endsWith':
      return left !== undefined && left !== null && String(left).endsWith(String(item.value ?? ''));
    case 'empty':
      return asList(left).length === 0;
    case 'notEmpty':
      return asList(left).length > 0;
    case 'in':
    case 'includesAny':
    case 'notIn': {
      const l = asList(left);
      const r = asList(item.value);
      const any = l.some((x) => r.some((y) => same(x, y)));
      return op === 'notIn' ? !any : any;
    }
    case 'includesAll': {
      const l = asList(left);
      return asList(item.value).every((y) => l.some((x) => same(x, y)));
    }
  }
  return false;
}

/** Items of a group join by its logic (default and); groups join by `groupsLogic` (default or). */
export function evaluateConditions(
  groups: ConditionGroup[] | undefined,
  s: ConditionScope,
  groupsLogic: 'and' | 'or' = 'or',
): boolean {
  const gs = (groups ?? []).filter((g) => g.items.length > 0);
  if (!gs.length) return false;
  const one = (g: ConditionGroup) =>
    g.logic === 'or' ? g.items.some((i) => evaluateItem(i, s)) : g.items.every((i) => evaluateItem(i, s));
  return groupsLogic === 'and' ? gs.every(one) : gs.some(one);
}
