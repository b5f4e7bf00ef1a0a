// fast-check arbitraries for developers who embed the platform (see the package README).

export * from './form';
export * from './formula';
export * from './model';
