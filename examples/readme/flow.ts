import { addNode, createFlowState, createOrgDirectory, createTree, transition, validateFlow } from '@kp/flow';

const tree = addNode(createTree(), 'start', 'approver', {
  nodeId: 'boss',
  properties: { approvers: ['bob'] },
});
console.log(validateFlow(tree, { allowEveryone: true })); // [] (without the option: 请设置发起人)
const org = createOrgDirectory({ users: [{ id: 'alice' }, { id: 'bob' }] });
const ctx = { template: { tree, properties: {} }, org, now: new Date().toISOString() };
let r = transition(createFlowState(), { type: 'submit', userId: 'alice', formData: { days: 2 } }, ctx);
if (!r.ok) throw new Error(r.error.message); // typed refusal: { code, message, nodeId? }
const task = r.state.tasks.find((t) => t.status === 'pending')!; // bob's approval
r = transition(r.state, { type: 'audit', userId: 'bob', taskId: task.id, opinion: '同意' }, ctx);
console.log(r.ok && r.state.status); // 2: adopted; r.effects say what to persist and send
