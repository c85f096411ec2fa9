import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 5 s instead of 1 s: a lazily loaded area's first page
// is transformed on its first import, which took over a second under `make test`'s load
// (the admin shell's Overview, once). Tests assert what shows, never how fast.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // react-hot-toast keeps its toasts in a module store that outlives the rendered tree:
  // without this a toast from one test could show in the next one's ToastHost.
  toast.remove();
});

// jsdom has no layout or media queries; node-environment tests have no window at all.
if (typeof window !== 'undefined') {
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // Nor has jsdom's Blob the text() every browser's has (a rate deck's CSV is read with it).
  if (!('text' in Blob.prototype)) {
    Object.defineProperty(Blob.prototype, 'text', {
      configurable: true,
      value(this: Blob) {
        return new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error);
          reader.readAsText(this);
        });
      },
    });
  }
}
