import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tagsStore } from '../store/tags';
import { bumpView, viewVersionStore } from '../store/viewCache';
import { KeepAliveOutlet } from './KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name}:{n}
    </button>
  );
}

let go: (to: string) => void = () => {};
function Nav() {
  go = useNavigate();
  return null;
}

function App({ enabled }: { enabled: boolean }) {
  return (
    <MemoryRouter initialEntries={['/a']}>
      <Nav />
      <Routes>
        <Route element={<KeepAliveOutlet enabled={enabled} />}>
          <Route path="/a" element={<Counter name="a" />} />
          <Route path="/b" element={<Counter name="b" />} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

const tag = (path: string) => ({ path, fullPath: path, query: '', title: path, zhTitle: path });

afterEach(() => {
  cleanup();
  tagsStore.set([]);
  viewVersionStore.set({});
});

describe('view cache (keep-alive keyed by path)', () => {
  it('keeps a visited page mounted and hidden while its tab is open, and a refresh remounts it', () => {
    tagsStore.set([tag('/a'), tag('/b')]);
    render(<App enabled />);
    fireEvent.click(screen.getByText('a:0'));
    act(() => go('/b'));
    expect(screen.getByText('a:1', { ignore: false }).closest('[data-view]')).toHaveProperty(
      'style.display',
      'none',
    );
    act(() => go('/a'));
    expect(screen.getByText('a:1')).toBeTruthy();
    act(() => bumpView('/a'));
    expect(screen.getByText('a:0')).toBeTruthy();
  });
  it('drops pages whose tab is closed or when caching is off', () => {
    tagsStore.set([tag('/a'), tag('/b')]);
    render(<App enabled={false} />);
    fireEvent.click(screen.getByText('a:0'));
    act(() => go('/b'));
    expect(screen.queryByText(/^a:/)).toBeNull();
    act(() => go('/a'));
    expect(screen.getByText('a:0')).toBeTruthy();
  });
});
