// @kp/engine: the pure runtime engine. Each area re-exports its own modules.
export * from './core';
export * from './form';
export * from './model';
