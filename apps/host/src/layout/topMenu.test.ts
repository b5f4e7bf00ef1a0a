import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitTopMenu } from './topMenu';

describe('top menu overflow (116 px per item)', () => {
  it('keeps everything when it fits and gives one slot to "more" otherwise', () => {
    expect(splitTopMenu([1, 2, 3], 348)).toEqual({ visible: [1, 2, 3], more: [] });
    expect(splitTopMenu([1, 2, 3, 4], 348)).toEqual({ visible: [1, 2], more: [3, 4] });
  });
  it('property: nothing lost, order kept, visible items plus "more" fit the width', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 30 }),
        fc.integer({ min: 0, max: 4000 }),
        (items, width) => {
          const { visible, more } = splitTopMenu(items, width);
          expect([...visible, ...more]).toEqual(items);
          const slots = visible.length + (more.length ? 1 : 0);
          if (more.length) expect(slots * 116).toBeLessThanOrEqual(Math.max(width, 116));
        },
      ),
    );
  });
});
