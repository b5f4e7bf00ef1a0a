// @kp/flow: flow node tree editing and validation, the approval interpreter and its XState machine.
export * from './buttons';
export * from './candidates';
export * from './compile';
export * from './conditions';
export * from './interpreter';
export * from './machine';
export * from './messages';
export * from './org';
export * from './replay';
export * from './simulate';
export * from './tree';
export * from './types';
export * from './validateFlow';
