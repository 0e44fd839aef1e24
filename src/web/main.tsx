// Arco needs its React 19 adapter before anything renders.
import '@arco-design/web-react/es/_util/react-19-adapter';
// Arco's base style (tokens, dark theme, icons) here; each component's own CSS comes with the
// module that imports it (build/arcoStyle.ts), so the login page does not load the whole arco.css.
import '@arco-design/web-react/es/style/index.css';
import './styles/global.css';
import './styles/a11y.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { earlyCallsStarted, startEarlyCalls } from './firstPaint/earlyCalls';
import { installErrorCapture } from './stores/errorLog';
import { loadHomeAtEntry } from './firstPaint/prefetch';
import { hashPath } from './app/openPaths';
import { tokenFromCookie } from './stores/tokenCookie';
import { must } from '@shared/must';

installErrorCapture();
// Signed in already: the first view's calls went out from index.html's first script (build/earlyCalls.ts);
// where that did not run (a page served without it), they go out now, beside the code that will use them.
try {
  if (!earlyCallsStarted()) startEarlyCalls();
} catch (err) {
  // Only a head start (storage refused, say): the views ask for what they need themselves.
  console.warn('The first view\'s early calls were not made', err);
}
// Signed in on home: its code starts loading now, not after the route guard's first render.
if (tokenFromCookie()) loadHomeAtEntry(hashPath(window.location.hash));
createRoot(must(document.getElementById('root'), 'the #root element of index.html')).render(<App />);
// The offline console's worker (docs/offline-floor.md), once the page has loaded: it precaches the build meanwhile.
if (import.meta.env.PROD) window.addEventListener('load', () => void import('./offline/registerWorker').then((m) => m.registerWorker()), { once: true });
