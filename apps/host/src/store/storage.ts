import { STORAGE_PREFIX } from '../config';

/** localStorage under the jnpf_ prefix; values are JSON. Failures (private mode, quota) are ignored. */
export const storage = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = globalThis.localStorage?.getItem(STORAGE_PREFIX + key);
      if (raw == null) return fallback;
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  },
  set(key: string, value: unknown): void {
    try {
      globalThis.localStorage?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    } catch {
      /* storage unavailable */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(STORAGE_PREFIX + key);
    } catch {
      /* storage unavailable */
    }
  },
};
