// Flow schemas: the designer node tree, node and template properties, conditions.
export * from './node';
export * from './template';
export * from './validate';
