import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@shared/api/orders';
import { Barcode } from '../../kit/print/Barcode';
import { LabelSheets } from '../../kit/print/LabelSheets';
import { printNs } from './locale';
import { OrderFrame } from './OrderFrame';

function Labels({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(printNs);
  const lineOf = new Map(order.lines.map((l) => [l.materialId, l]));
  return (
    <LabelSheets
      items={order.scans}
      label={(scan) => {
        const line = lineOf.get(scan.materialId);
        return (
          <div className="label" key={scan.barcode} data-testid="barcode-label">
            <Barcode value={scan.barcode} height="10mm" />
            <div className="label__line label__strong">{line ? `${line.brandName} ${line.specification}` : scan.materialCode}</div>
            <div className="label__line">{line?.pattern ?? '-'} · {t('dot')} {scan.dotCode ?? '-'}</div>
            <div className="label__line">{scan.materialCode} · {order.orderNo}</div>
          </div>
        );
      }}
    />
  );
}

/** /prCard2: one label per scanned tyre, to stick on it. */
export default function BarcodeLabels() {
  const { t } = useTranslation(printNs);
  return (
    <OrderFrame title={() => t('labels')} empty={(order) => (order.scans.length ? null : t('noLabels'))}>
      {(order) => <Labels order={order} />}
    </OrderFrame>
  );
}
