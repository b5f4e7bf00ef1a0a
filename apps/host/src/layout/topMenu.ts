import { TOP_MENU_ITEM_WIDTH } from '../config';

export const MORE_KEY = '/menuMore';

/**
 * Splits top-menu items into those that fit and those that go under the virtual "more" entry (/menuMore).
 * Each item takes about 116 px (spec 1 §9); when not all fit, one slot is given to "more".
 */
export function splitTopMenu<T>(
  items: T[],
  width: number,
  itemWidth = TOP_MENU_ITEM_WIDTH,
): { visible: T[]; more: T[] } {
  const slots = Math.max(0, Math.floor(width / itemWidth));
  if (items.length <= slots) return { visible: items, more: [] };
  const keep = Math.max(0, slots - 1);
  return { visible: items.slice(0, keep), more: items.slice(keep) };
}
