// Arco needs its React 19 adapter before anything renders (STACK.md).
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/dist/css/arco.css';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installErrorCapture } from './stores/errorLog';

installErrorCapture();
createRoot(document.getElementById('root')!).render(<App />);
