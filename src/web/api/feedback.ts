import type { ModalProps } from '@arco-design/web-react';

/**
 * Toasts and confirm boxes for code outside React (the API client, the route guard).
 * Arco's Message and Modal load on first use, keeping them out of the first bundle.
 */
export async function toast(kind: 'success' | 'error' | 'warning', content: string, duration: number) {
  const { default: Message } = await import('@arco-design/web-react/es/Message');
  // Only the newest error is worth reading; a burst of failures shows one toast.
  if (kind === 'error') Message.clear();
  Message[kind]({ content, duration });
}

export async function confirm(props: ModalProps & { content: string; onOk(): void }) {
  const { default: Modal } = await import('@arco-design/web-react/es/Modal');
  Modal.confirm(props);
}
