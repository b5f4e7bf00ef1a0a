// The size switcher (spec 4 §4, §8): the size is stored, Switch Size Success shows, and the current view
// is refreshed through /redirect/{fullPath} (it remounts), as the tags' refresh does.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { setSetting, settingsStore } from '../store/settings';
import { tagsStore } from '../store/tags';
import { viewVersionStore } from '../store/viewCache';
import Redirect from '../views/redirect/Redirect';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { refreshPath, useSwitchSize } from './sizeSwitch';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      a:{n}
    </button>
  );
}
function Switcher() {
  const switchSize = useSwitchSize();
  const { pathname, search } = useLocation();
  return (
    <>
      <button type="button" onClick={() => switchSize('small')}>
        switch
      </button>
      <span data-testid="at">{pathname + search}</span>
    </>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(() => {
  cleanup();
  tagsStore.set([]);
  viewVersionStore.set({});
  setSetting('size', 'default');
});

describe('size switcher', () => {
  it('refreshes through /redirect/{fullPath}, never from the helper itself', () => {
    expect(refreshPath('/oa/notice', '?id=1')).toBe('/redirect/oa/notice?id=1');
    expect(refreshPath('/redirect/oa/notice', '')).toBeNull();
  });

  it('stores the size, says so and remounts the current view', async () => {
    tagsStore.set([{ path: '/a', fullPath: '/a?x=1', query: 'x=1', title: 'a', zhTitle: 'a' }]);
    render(
      <AntApp>
        <MemoryRouter initialEntries={['/a?x=1']}>
          <Switcher />
          <Routes>
            <Route element={<KeepAliveOutlet enabled />}>
              <Route path="/a" element={<Counter />} />
            </Route>
            <Route path="/redirect/*" element={<Redirect />} />
          </Routes>
        </MemoryRouter>
      </AntApp>,
    );
    fireEvent.click(screen.getByText('a:0'));
    expect(screen.getByText('a:1')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByText('switch'));
    });
    expect(settingsStore.get().size).toBe('small');
    expect(await screen.findByText('Switch Size Success')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/a?x=1'));
    expect(await screen.findByText('a:0')).toBeTruthy();
  });
});
