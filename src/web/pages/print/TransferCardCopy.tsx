import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@shared/api/orders';
import { ORDER_TYPES } from '@shared/orders/orderTypes';
import { Sheet } from '../../kit/print/PrintLayout';
import { printNs } from './locale';
import { OrderFrame } from './OrderFrame';
import { Fields, LinesTable, OrderHead, Signatures, useOrderFields, useTypeName } from './orderParts';

function TransferSheet({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(printNs);
  const fields = useOrderFields(order);
  return (
    <Sheet>
      <OrderHead order={order} title={t('transferCard')} copy />
      <Fields items={fields} />
      <LinesTable lines={order.lines} />
      <h2 className="doc-section">{t('barcodes', { count: order.scans.length })}</h2>
      {order.scans.length ? (
        <ol className="doc-barcodes" data-testid="transfer-barcodes">
          {order.scans.map((s) => <li key={s.barcode}>{s.barcode} {s.materialCode}</li>)}
        </ol>
      ) : <div>{t('noBarcodes')}</div>}
      {order.remark && <div className="doc-remark">{t('remark')}: {order.remark}</div>}
      <Signatures />
    </Sheet>
  );
}

/** /trCardCopy: the transfer card (from → to warehouse) marked COPY, travelling with the tyres. */
export default function TransferCardCopy() {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  return (
    <OrderFrame
      title={() => t('transferCard')}
      refuse={(order) => (ORDER_TYPES[order.orderType].effect === 'transfer' ? null : t('notTransfer', { type: typeName(order.orderType) }))}
    >
      {(order) => <TransferSheet order={order} />}
    </OrderFrame>
  );
}
