import '@arco-design/web-react/es/Result/style/css.js';
import { IconCheck, IconClose, IconExclamation, IconInfo } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

const ICONS = { success: <IconCheck />, info: <IconInfo />, warning: <IconExclamation />, error: <IconClose /> };

interface Props {
  status: keyof typeof ICONS;
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * Arco's Result for the statuses it draws with an icon, in its own markup and style, without the
 * module's 403, 404 and 500 illustrations: some 85 KB of SVG that come with every chunk importing
 * Result. For the shell's error boundary: the pages' chunks, most of which show the
 * 404 illustration somewhere anyway, use Arco's Result.
 */
export function StatusResult({ status, title, subTitle, extra }: Props) {
  return (
    <div className={`arco-result arco-result-is-${status}`}>
      <div className="arco-result-icon">
        <span className={`arco-result-icon-tip arco-result-icon-${status}`}>{ICONS[status]}</span>
      </div>
      {title && <div className="arco-result-title">{title}</div>}
      {subTitle && <div className="arco-result-subtitle">{subTitle}</div>}
      {extra && <div className="arco-result-extra">{extra}</div>}
    </div>
  );
}
