import type { FlowTemplate } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import leaveJson from '../../../examples/flows/leave.json';
import { createFlowMachine } from './machine';
import { sampleOrg, T0 } from './testkit';

describe('createFlowMachine', () => {
  const machine = createFlowMachine({
    template: leaveJson as unknown as FlowTemplate,
    org: sampleOrg(),
    managers: ['admin'],
    clock: () => T0,
  });
  it('runs the leave flow through the actor, keeps refused events as errors, restores from a persisted snapshot', () => {
    const actor = createActor(machine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('draft');
    actor.send({ type: 'submit', userId: 'alice', formData: { days: 5 } });
    expect(actor.getSnapshot().value).toBe('running');
    const task = actor.getSnapshot().context.flow.tasks[0];
    actor.send({ type: 'audit', userId: 'gm', taskId: task.id });
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'TASK_NOT_YOURS' });
    expect(actor.getSnapshot().context.flow.version).toBe(1);
    const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    const restored = createActor(machine, { snapshot: saved, input: {} }).start();
    expect(restored.getSnapshot().value).toBe('running');
    restored.send({ type: 'audit', userId: 'head1', taskId: task.id });
    expect(restored.getSnapshot().context.effects.some((e) => e.type === 'createTask')).toBe(true);
    const gmTask = restored
      .getSnapshot()
      .context.flow.tasks.find((t) => t.userId === 'gm' && t.status === 'pending');
    restored.send({ type: 'audit', userId: 'gm', taskId: gmTask?.id ?? '' });
    expect(restored.getSnapshot().value).toBe('adopted');
    expect(restored.getSnapshot().context.flow.status).toBe(2);
  });
  it('starts from a given flow state', () => {
    const a = createActor(machine, { input: {} }).start();
    a.send({ type: 'submit', userId: 'alice', formData: { days: 1 } });
    const b = createActor(machine, { input: { state: a.getSnapshot().context.flow } }).start();
    expect(b.getSnapshot().value).toBe('running');
  });
});
