// Minimal typings for js-interpreter (Neil Fraser's JS-Interpreter, ES5): only what the sandbox uses.
declare module 'js-interpreter' {
  export type PseudoObject = { readonly __pseudo: unique symbol } & object;
  export type PseudoValue = PseudoObject | string | number | boolean | null | undefined;
  export default class Interpreter {
    constructor(code: string, initFunc?: (interpreter: Interpreter, globalObject: PseudoObject) => void);
    REGEXP_MODE: 0 | 1 | 2;
    value: PseudoValue;
    step(): boolean;
    run(): boolean;
    createNativeFunction(fn: (...args: PseudoValue[]) => PseudoValue, isConstructor?: boolean): PseudoObject;
    // biome-ignore lint/suspicious/noExplicitAny: the callback comes last after any declared parameters
    createAsyncFunction(fn: (...args: any[]) => void): PseudoObject;
    createObjectProto(proto: PseudoObject | null): PseudoObject;
    nativeToPseudo(value: unknown): PseudoValue;
    pseudoToNative(value: PseudoValue): unknown;
    setProperty(obj: PseudoObject, name: string, value: PseudoValue): void;
    getProperty(obj: PseudoObject, name: string): PseudoValue;
    OBJECT_PROTO: PseudoObject;
  }
}
