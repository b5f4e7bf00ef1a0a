// Form config and field config schemas (spec 3 §3) with their validators.
export * from './common';
export * from './entities';
export * from './fields';
export * from './formConfig';
export * from './keys';
export * from './walk';
