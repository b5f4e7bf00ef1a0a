// The flow simulator: a designed flow run on sample data by the interpreter's own XState machine.
export * from './cases';
export * from './clock';
export * from './messages';
export * from './org';
export * from './run';
