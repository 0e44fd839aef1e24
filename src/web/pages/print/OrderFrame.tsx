import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@shared/api/orders';
import { PrintLayout } from '../../kit/print/PrintLayout';
import { CardState, isMissing } from './CardState';
import { printNs } from './locale';
import { useOrderCard } from './useOrderCard';

/**
 * Loads the order of the query string and renders the card's sheets, or why it cannot:
 * no id, loading, not found, not the right kind of order (`refuse` says why), nothing to print.
 * Closing the print dialog marks the order printed (for users who may).
 */
export function OrderFrame({ title, refuse, empty, children }: {
  title: (order?: OrderDetail) => string;
  refuse?: (order: OrderDetail) => string | null;
  empty?: (order: OrderDetail) => string | null;
  children: (order: OrderDetail) => ReactNode;
}) {
  const { t } = useTranslation(printNs);
  const { valid, query, markPrinted } = useOrderCard();
  const order = query.data;
  const problem = !valid ? t('missingId')
    : query.isError ? (isMissing(query.error) ? t('notFound') : t('loadFailed', { message: query.error.message }))
    : order ? refuse?.(order) ?? null : null;
  const nothing = order && !problem ? empty?.(order) ?? null : null;
  const ready = Boolean(order && !problem && !nothing);
  return (
    <PrintLayout title={order ? `${title(order)} ${order.orderNo}` : title()} ready={ready} onPrinted={ready ? markPrinted : undefined}>
      {problem ? <CardState kind="error" text={problem} />
        : nothing ? <CardState kind="empty" text={nothing} />
        : order ? children(order)
        : <CardState kind="loading" />}
    </PrintLayout>
  );
}
