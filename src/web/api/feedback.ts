import type { ModalProps } from '@arco-design/web-react';

/** Arco's Message, Modal and Notification, loaded on first use (`feedbackUi.ts`). */
export const feedbackUi = () => import('./feedbackUi');

/** Toasts and confirm boxes for code outside React (the API client, the route guard). */
export async function toast(kind: 'success' | 'error' | 'warning', content: string, duration: number) {
  const { Message } = await feedbackUi();
  // Only the newest error is worth reading; a burst of failures shows one toast.
  if (kind === 'error') Message.clear();
  Message[kind]({ content, duration });
}

export async function confirm(props: ModalProps & { content: string; onOk(): void }) {
  const { Modal } = await feedbackUi();
  Modal.confirm(props);
}
