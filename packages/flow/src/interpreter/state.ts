import type { FlowNodeProperties } from '@kp/schema';
import type { FlowState } from '../types';

/** Default when a node has no approver and says nothing: pass automatically (recorded as auto-approval). */
export const DEFAULT_EMPTY_APPROVER = 'pass' as const;
/** Default countersign when a node says nothing: or-sign (any one approver decides). */
export const DEFAULT_COUNTERSIGN = 'or' as const;
/** Default reject target: back to the start (flow status 3; the initiator resubmits). */
export const DEFAULT_REJECT_TARGET = 'start' as const;

/** A new flow instance: draft (status 0), nothing launched. */
export function createFlowState(): FlowState {
  return {
    version: 0,
    status: 0,
    closed: false,
    initiatorId: null,
    formData: {},
    current: [],
    runs: {},
    tasks: [],
    joins: {},
    deadlines: [],
    records: [],
    candidates: {},
    trail: [],
    rejectedFrom: null,
    seq: 0,
    undo: null,
  };
}

export const HOUR = 3_600_000;
/** Milliseconds of a node's day/hour/minute/second (each defaults to 0). */
export function timerMillis(p: FlowNodeProperties): number {
  return ((p.day ?? 0) * 24 + (p.hour ?? 0)) * HOUR + (p.minute ?? 0) * 60_000 + (p.second ?? 0) * 1000;
}
export function addMillis(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
export const uniq = (xs: string[]) => [...new Set(xs.filter((x) => typeof x === 'string' && x !== ''))];
export const isBlank = (s: string | undefined) => !s || s.trim() === '';
