// jsdom lacks a few browser APIs that antd and jsbarcode touch; these stubs only fill those gaps.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

// The renderer fetches most widgets' code on first use; tests load them all up front, so a render draws every
// widget at once as a host's would after the first use.
if (typeof window !== 'undefined') await (await import('@kp/renderer')).preloadWidgets();

export {};
