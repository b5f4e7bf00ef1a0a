import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { HoverPos, HoverStore } from './hover';
import type { DropTarget, FormDesignerStore } from './store';

export const NEW_ITEM = 'kp-new-field';
export const MOVE_ITEM = 'kp-field';
export type DragItem = { jnpfKey: string; formId?: number };

export interface FormDesignerContextValue {
  store: FormDesignerStore;
  hover: HoverStore;
  readOnly: boolean;
  view: 'pc' | 'app';
  /** Drops a palette item or a moved field; shows the refusal message if the rules say no. */
  dropAt: (item: DragItem, target: DropTarget) => void;
  /** Asks before deleting (确定删除该组件？). */
  requestDelete: (formId: number) => void;
}

export const FormDesignerContext = createContext<FormDesignerContextValue | null>(null);

export function useFormDesigner(): FormDesignerContextValue {
  const c = useContext(FormDesignerContext);
  if (!c) throw new Error('FormDesignerContext missing');
  return c;
}

/** Whether field `formId` is selected; re-renders only when that answer changes. */
export function useIsSelected(formId: number): boolean {
  const { store } = useFormDesigner();
  return useSyncExternalStore(store.subscribe, () => store.getState().selectedId === formId);
}

/** Hover position for `key` (only this component is notified when it changes). */
export function useHoverPos(key: string): HoverPos | null {
  const { hover } = useFormDesigner();
  const sub = useCallback((cb: () => void) => hover.subscribe(key, cb), [hover, key]);
  return useSyncExternalStore(sub, () => hover.posOf(key));
}
