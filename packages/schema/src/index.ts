// @kp/schema: JSON Schemas (TypeBox) and the TypeScript types derived from them.
export * from './api';
export * from './common';
export * from './flow/index';
export * from './form/index';
export * from './http/index';
export * from './menu';
export * from './portal/index';
export * from './validator';
export * from './validator-compile';
