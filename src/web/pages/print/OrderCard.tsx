import { useTranslation } from 'react-i18next';
import { Sheet } from '../../kit/print/PrintLayout';
import { printNs } from './locale';
import { OrderFrame } from './OrderFrame';
import { Fields, LinesTable, OrderHead, Signatures, useOrderFields, useTypeName } from './orderParts';
import type { OrderDetail } from '@shared/api/orders';

function OrderSheet({ order, copy }: { order: OrderDetail; copy: boolean }) {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  const fields = useOrderFields(order);
  return (
    <Sheet>
      <OrderHead order={order} title={t('cardTitle', { type: typeName(order.orderType) })} copy={copy} />
      <Fields items={fields} />
      <LinesTable lines={order.lines} />
      {order.remark && <div className="doc-remark">{t('remark')}: {order.remark}</div>}
      <Signatures />
    </Sheet>
  );
}

/** /prCard: the order card of any order type; `copy` marks the second party's sheet (/prCardCopy). */
export function OrderCard({ copy = false }: { copy?: boolean }) {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  return (
    <OrderFrame title={(order) => (order ? t('cardTitle', { type: typeName(order.orderType) }) : t('orderCard'))}>
      {(order) => <OrderSheet order={order} copy={copy} />}
    </OrderFrame>
  );
}

export default function OrderCardPage() {
  return <OrderCard />;
}
