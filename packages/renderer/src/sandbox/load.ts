// The script sandbox (js-interpreter, about 90 KB minified) is fetched with the first script a form runs.
type Sandbox = typeof import('./sandbox');

let sandbox: Sandbox | null = null;

/** The sandbox module, fetched once. */
export const loadSandbox = async (): Promise<Sandbox> => {
  sandbox ??= await import('./sandbox');
  return sandbox;
};

/** The sandbox module if it is already in (then a script starts without waiting a turn). */
export const loadedSandbox = (): Sandbox | null => sandbox;
