// The framework-free core of @kp/engine (formulas, amounts, validators, formatting, uploads, routes, bill numbers).
export * from './formula/index';
