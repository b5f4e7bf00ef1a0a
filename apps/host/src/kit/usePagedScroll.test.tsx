// The pickers' infinite-scroll paging (spec 1 §9: page size 20, the next page within 200 px of the bottom,
// none after a short page; spec 2 §7 paged candidate users): a fake source of 47 people answers each page
// when the test lets it, so the order of requests and answers is under the test's control.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PageQuery, usePagedScroll, withinBottom } from './usePagedScroll';

const PEOPLE = Array.from({ length: 47 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

/** A paged source whose answers wait until the test resolves them. */
function source() {
  const asked: PageQuery[] = [];
  const waiting: Array<() => void> = [];
  const fetchPage = (q: PageQuery) =>
    new Promise<string[]>((resolve) => {
      asked.push(q);
      const rows = PEOPLE.filter((p) => p.includes(q.keyword));
      waiting.push(() => resolve(rows.slice((q.currentPage - 1) * q.pageSize, q.currentPage * q.pageSize)));
    });
  /** Answers the request made `n`th (0-based). */
  const answer = async (n: number) => {
    await act(async () => {
      waiting[n]?.();
    });
  };
  return { asked, fetchPage, answer };
}

/** A scroll box with these measures (jsdom lays nothing out). */
function measure(el: HTMLElement, m: { scrollTop: number; scrollHeight: number; clientHeight: number }) {
  for (const [k, v] of Object.entries(m)) Object.defineProperty(el, k, { configurable: true, value: v });
}

function Picker(props: {
  fetchPage(q: PageQuery): Promise<string[]>;
  enabled?: boolean;
  resetKey?: string;
  withBox?: boolean;
}) {
  const p = usePagedScroll(props.fetchPage, {
    enabled: props.enabled,
    resetKey: props.resetKey,
    keyOf: (r) => r,
  });
  return (
    <div>
      <input data-testid="kw" value={p.keyword} onChange={(e) => p.search(e.target.value)} />
      <div data-testid="box" onScroll={p.onScroll} ref={props.withBox ? p.boxRef : undefined}>
        {p.items.map((r) => (
          <div key={r} data-testid="row">
            {r}
          </div>
        ))}
      </div>
      <span data-testid="state">{`${p.loading ? 'loading' : 'idle'} ${p.hasMore ? 'more' : 'end'}`}</span>
    </div>
  );
}

const rows = () => screen.queryAllByTestId('row').map((r) => r.textContent);
const scrollTo = (scrollTop: number) => {
  const box = screen.getByTestId('box');
  measure(box, { scrollTop, scrollHeight: 1000, clientHeight: 300 });
  fireEvent.scroll(box);
};

afterEach(cleanup);

describe('usePagedScroll', () => {
  it('asks 20 a page, the next page only within 200 px of the bottom, and stops on a short page', async () => {
    const s = source();
    render(<Picker fetchPage={s.fetchPage} />);
    expect(s.asked).toEqual([{ keyword: '', currentPage: 1, pageSize: 20 }]);
    await s.answer(0);
    expect(rows()).toEqual(PEOPLE.slice(0, 20));
    // 1000 - 400 - 300 = 300 px from the bottom: not yet
    scrollTo(400);
    expect(s.asked.length).toBe(1);
    // 200 px from the bottom: page 2
    scrollTo(500);
    expect(s.asked[1]).toEqual({ keyword: '', currentPage: 2, pageSize: 20 });
    // scrolling on while page 2 is out sends nothing more
    scrollTo(600);
    scrollTo(700);
    expect(s.asked.length).toBe(2);
    expect(screen.getByTestId('state').textContent).toBe('loading more');
    await s.answer(1);
    expect(rows()).toEqual(PEOPLE.slice(0, 40));
    scrollTo(700);
    expect(s.asked[2]).toEqual({ keyword: '', currentPage: 3, pageSize: 20 });
    await s.answer(2);
    // page 3 held 7: the list has ended
    expect(rows()).toEqual(PEOPLE);
    expect(screen.getByTestId('state').textContent).toBe('idle end');
    scrollTo(700);
    expect(s.asked.length).toBe(3);
  });

  it('a keyword starts again at page 1 and a page of the old keyword that lands late is dropped', async () => {
    const s = source();
    render(<Picker fetchPage={s.fetchPage} />);
    await s.answer(0);
    scrollTo(700);
    expect(s.asked[1]?.currentPage).toBe(2);
    // typing while page 2 is out: page 1 of the keyword goes out at once
    fireEvent.change(screen.getByTestId('kw'), { target: { value: 'p1' } });
    expect(s.asked[2]).toEqual({ keyword: 'p1', currentPage: 1, pageSize: 20 });
    await s.answer(2);
    await s.answer(1); // the old page 2 arrives last
    expect(rows()).toEqual(['p10', 'p11', 'p12', 'p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'p19']);
    // ten is a short page: nothing more for this keyword
    expect(screen.getByTestId('state').textContent).toBe('idle end');
    scrollTo(700);
    expect(s.asked.length).toBe(3);
  });

  it('sends nothing while disabled and starts again at page 1 when enabled or reset', async () => {
    const s = source();
    const view = render(<Picker fetchPage={s.fetchPage} enabled={false} />);
    scrollTo(700);
    expect(s.asked).toEqual([]);
    view.rerender(<Picker fetchPage={s.fetchPage} enabled resetKey="a" />);
    await s.answer(0);
    scrollTo(700);
    await s.answer(1);
    expect(rows().length).toBe(40);
    view.rerender(<Picker fetchPage={s.fetchPage} enabled resetKey="b" />);
    expect(s.asked[2]).toEqual({ keyword: '', currentPage: 1, pageSize: 20 });
    await s.answer(2);
    expect(rows()).toEqual(PEOPLE.slice(0, 20));
  });

  it('a box the first page does not fill asks for the next page without a scroll', async () => {
    const s = source();
    render(<Picker fetchPage={s.fetchPage} withBox />);
    // jsdom measures every box as 0 high: within 200 px of its bottom
    await s.answer(0);
    expect(s.asked[1]?.currentPage).toBe(2);
    measure(screen.getByTestId('box'), { scrollTop: 0, scrollHeight: 1000, clientHeight: 300 });
    await s.answer(1);
    // now the rows overflow the box by 700 px: page 3 waits for a scroll
    expect(s.asked.length).toBe(2);
  });

  it('withinBottom measures the distance left below the visible part', () => {
    expect(withinBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 300 }, 200)).toBe(true);
    expect(withinBottom({ scrollTop: 499, scrollHeight: 1000, clientHeight: 300 }, 200)).toBe(false);
  });
});
