import { Button, Space } from '@arco-design/web-react';
import { IconClose, IconPrinter } from '@arco-design/web-react/icon';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { printKitNs } from './locale';
import './print.css';

/**
 * The frame of every print card: an on-screen toolbar (hidden on paper) above A4 sheets.
 * `onPrinted` runs once, after the first print dialog closes (the browser's `afterprint`).
 */
export function PrintLayout({ title, onPrinted, ready = true, children }: {
  title: string; onPrinted?: () => Promise<void> | void; ready?: boolean; children: ReactNode;
}) {
  const { t } = useTranslation(printKitNs);
  const printed = useRef(false);
  /** What onPrinted is still doing (recording the print): Close waits for it. */
  const recording = useRef<Promise<void> | void>(undefined);
  const latest = useRef(onPrinted);
  useEffect(() => { latest.current = onPrinted; });

  useEffect(() => {
    document.title = `${title} - ${t('app.title')}`;
  }, [title, t]);

  useEffect(() => {
    const after = () => {
      if (printed.current || !latest.current) return;
      printed.current = true;
      recording.current = latest.current();
    };
    window.addEventListener('afterprint', after);
    return () => window.removeEventListener('afterprint', after);
  }, []);

  // Opened by an order page as its own window, Close closes it; opened in a tab, it goes back.
  // A window closed at once would cancel the request recording the print: it gets up to 3 s.
  const close = async () => {
    await Promise.race([recording.current, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (window.opener) window.close();
    else window.history.back();
  };

  return (
    <div className="print-view">
      <div className="print-toolbar" data-testid="print-toolbar">
        <span className="print-toolbar__title">{title}</span>
        <span className="print-toolbar__hint">{t('hint')}</span>
        <Space>
          <Button type="primary" icon={<IconPrinter />} disabled={!ready} onClick={() => window.print()} data-testid="print-button">
            {t('print')}
          </Button>
          <Button icon={<IconClose />} onClick={() => void close()} data-testid="print-close">{t('close')}</Button>
        </Space>
      </div>
      {/* It scrolls on a narrow screen: the keyboard reaches it to scroll. */}
      <main className="print-pages" tabIndex={0} aria-label={title}>{children}</main>
    </div>
  );
}

/** One A4 sheet on screen; on paper each sheet starts a new page. */
export function Sheet({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={className ? `print-sheet ${className}` : 'print-sheet'}>{children}</section>;
}
