// The form compiler: form config -> data JSON Schema, defaults, rules, fields, calculation graph.
export * from './form/index';
