// Arco's CommonJS build needs its React 19 adapter, as the browser entry does.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The files of a worker share one document (isolate: false): nothing one test rendered stays for the next.
afterEach(cleanup);

// Arco's Grid and responsive hooks call matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
