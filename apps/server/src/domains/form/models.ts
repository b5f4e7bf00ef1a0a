// The one cache of compiled form models on the server (online-development items, flow templates, print
// designs): keyed by form id + version, least recently used out first, every version of a form evicted on
// release. A config that does not compile still gives a model (its errors name the field).
import { buildFormModel, type FormModel, ModelCache } from '@kp/engine';

const cache = new ModelCache<FormModel>(256);

/** The model of a form config (an object or its JSON text) for `id` at `version`. */
export function formModel(id: string, version: string | number, config: unknown): FormModel {
  return cache.get(id, version, () => {
    let parsed: unknown = config;
    if (typeof config === 'string') {
      try {
        parsed = JSON.parse(config);
      } catch {
        parsed = null;
      }
    }
    return buildFormModel(parsed);
  });
}

/** The cached model of `id` at `version`, or undefined (nothing is built). */
export function cachedFormModel(id: string, version: string | number): FormModel | undefined {
  return cache.peek(id, version);
}

/** Drops every cached version of a form (call on release, on a new template version, on delete). */
export function evictFormModel(id: string): void {
  cache.evict(id);
}

/** How many models are cached (tests). */
export const cachedModels = () => cache.size;
