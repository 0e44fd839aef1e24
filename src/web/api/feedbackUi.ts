/**
 * Arco's toasts, confirm boxes and notifications, for code that shows them outside React (the API
 * client, the route guard, the notice watcher). Loaded on first use through `feedbackUi()`, so the
 * login page's first code does without them; once the signed-in shell is in, they are its own.
 * Imported dynamically as this one module (not each component): the components are imported
 * statically by the shell too, and a dynamic import of a module that a chunk holds anyway is one
 * the bundler cannot split off (it says so at every build).
 */
// Imported, then exported (not re-exported): the build adds each component's stylesheet to its import lines (build/arcoStyle.ts).
import Message from '@arco-design/web-react/es/Message';
import Modal from '@arco-design/web-react/es/Modal';
import Notification from '@arco-design/web-react/es/Notification';

export { Message, Modal, Notification };
