import { describe, expect, it } from 'vitest';
import { WALK_STOP, type WalkedField, walkFields } from './walk';

describe('walkFields', () => {
  it('visits tabs, collapses, rows, cards and sub-tables with their container and table', () => {
    const seen: Array<[string, string, string | null, string]> = [];
    walkFields(
      [
        {
          __config__: {
            jnpfKey: 'tab',
            children: [
              {
                __config__: {
                  children: [
                    { __config__: { jnpfKey: 'comInput' }, __vModel__: 'a' },
                    {
                      __config__: {
                        jnpfKey: 'table',
                        children: [{ __config__: { jnpfKey: 'numInput' }, __vModel__: 'c' }],
                      },
                      __vModel__: 't',
                    },
                  ],
                },
              },
            ],
          },
        },
        { __config__: { jnpfKey: 'card', children: [{ __config__: { jnpfKey: 'date' }, __vModel__: 'd' }] } },
      ],
      (f, path, table, info) => {
        seen.push([
          String(f.__vModel__ ?? f.__config__.jnpfKey),
          path,
          table ? String(table.__vModel__) : null,
          info.container,
        ]);
      },
    );
    expect(seen).toEqual([
      ['tab', 'fields[0]', null, ''],
      ['a', 'fields[0].__config__.children[0].__config__.children[0]', null, 'fields[0]'],
      ['t', 'fields[0].__config__.children[0].__config__.children[1]', null, 'fields[0]'],
      [
        'c',
        'fields[0].__config__.children[0].__config__.children[1].__config__.children[0]',
        't',
        'fields[0].__config__.children[0].__config__.children[1]',
      ],
      ['card', 'fields[1]', null, ''],
      ['d', 'fields[1].__config__.children[0]', null, 'fields[1]'],
    ]);
  });

  it('stops at MAX_WALK_DEPTH and says where', () => {
    let deep: unknown = { __config__: { jnpfKey: 'comInput' }, __vModel__: 'x' };
    for (let i = 0; i < 100; i++) deep = { __config__: { jnpfKey: 'row', children: [deep] } };
    const bad: string[] = [];
    let n = 0;
    walkFields([deep], () => void n++, { onMalformed: (_p, m) => bad.push(m) });
    expect(n).toBeLessThan(40);
    expect(bad).toEqual(['is nested deeper than 32 levels']);
  });
});

describe('walkFields for editors', () => {
  const tab = {
    __config__: {
      jnpfKey: 'tab',
      formId: 1,
      children: [
        {
          __config__: {
            jnpfKey: 'tabItem',
            formId: 2,
            children: [{ __config__: { jnpfKey: 'comInput', formId: 3 } }],
          },
        },
        {
          __config__: {
            jnpfKey: 'tabItem',
            formId: 4,
            children: [{ __config__: { jnpfKey: 'numInput', formId: 5 } }],
          },
        },
      ],
    },
  };
  const ids = (f: WalkedField) => Number(f.__config__.formId);

  it('visits panes when asked, with the list, index and holder of every entry', () => {
    const seen: Array<[number, number, number | null]> = [];
    walkFields(
      [tab],
      (f, _p, _t, info) => {
        seen.push([ids(f), info.index, info.holder ? ids(info.holder) : null]);
        expect(info.list[info.index]).toBe(f);
      },
      { panes: true },
    );
    expect(seen).toEqual([
      [1, 0, null],
      [2, 0, 1],
      [3, 0, 2],
      [4, 1, 1],
      [5, 0, 4],
    ]);
    const plain: number[] = [];
    walkFields([tab], (f) => void plain.push(ids(f)));
    expect(plain).toEqual([1, 3, 5]);
  });

  it('ends at WALK_STOP and says it stopped; false skips only the children', () => {
    const seen: number[] = [];
    const stopped = walkFields(
      [tab],
      (f) => {
        seen.push(ids(f));
        return ids(f) === 3 ? WALK_STOP : undefined;
      },
      {
        panes: true,
      },
    );
    expect(stopped).toBe(true);
    expect(seen).toEqual([1, 2, 3]);
    const skipped: number[] = [];
    expect(
      walkFields(
        [tab],
        (f) => {
          skipped.push(ids(f));
          return ids(f) === 2 ? false : undefined;
        },
        { panes: true },
      ),
    ).toBe(false);
    expect(skipped).toEqual([1, 2, 4, 5]);
  });
});
