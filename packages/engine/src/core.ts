// The framework-free core of @kp/engine (formulas, amounts, validators, formatting, uploads, routes, bill numbers).
export * from './bill/index';
export * from './format/index';
export * from './formula/index';
export * from './money/index';
export * from './routes/index';
export * from './upload/index';
export * from './validators/index';
