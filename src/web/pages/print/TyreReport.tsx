import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { BarcodeTrace } from '@shared/api/orders';
import { api } from '../../api/http';
import { Barcode } from '../../kit/print/Barcode';
import { DictLabel } from '../../kit/list/fields';
import { PrintLayout, Sheet } from '../../kit/print/PrintLayout';
import { QrCode } from '../../kit/print/QrCode';
import { CardState, isMissing } from './CardState';
import { printNs } from './locale';
import { Fields, useTypeName, when } from './orderParts';

function Report({ trace }: { trace: BarcodeTrace }) {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  const { barcode: b, moves } = trace;
  return (
    <Sheet>
      <header className="doc-head">
        <div className="doc-head__title">
          <h1>{t('tyreReport')}</h1>
          <div className="doc-head__sub">{t('barcode')}: <strong data-testid="tyre-barcode">{b.code}</strong></div>
          <div className="doc-head__sub">{t('printedAt')}: {when(new Date().toISOString())}</div>
        </div>
        <div className="doc-head__codes">
          <Barcode value={b.code} width="70mm" height="13mm" />
          <QrCode value={b.code} size="22mm" />
        </div>
      </header>
      <Fields
        items={[
          [t('barcodeStatus'), <DictLabel type="barcode_status" value={b.status} />], [t('materialCode'), b.materialCode],
          [t('materialNameShort'), b.materialName], [t('brand'), b.brandName], [t('specification'), b.specification],
          [t('pattern'), b.pattern], [t('dot'), b.dotCode], [t('batchCode'), b.batchCode], [t('dealer'), b.dealerName],
          [t('warehouse'), b.warehouseName], [t('location'), b.locationCode], [t('inboundAt'), when(b.inboundAt)],
        ]}
      />
      <h2 className="doc-section">{t('moves', { count: moves.length })}</h2>
      <table className="doc-table" data-testid="tyre-moves">
        <thead>
          <tr>
            <th className="num idx">{t('no')}</th><th>{t('movedAt')}</th><th>{t('orderNo')}</th><th>{t('orderType')}</th>
            <th>{t('warehouse')}</th><th>{t('location')}</th><th className="num">{t('qty')}</th><th>{t('user')}</th>
          </tr>
        </thead>
        <tbody>
          {!moves.length && <tr><td colSpan={8}>{t('noMoves')}</td></tr>}
          {moves.map((m, i) => (
            <tr key={m.id}>
              <td className="num">{i + 1}</td><td>{when(m.movedAt)}</td><td>{m.orderNo}</td><td>{typeName(m.orderType)}</td>
              <td>{m.warehouseName}</td><td>{m.locationCode ?? '-'}</td><td className="num">{m.qty}</td><td>{m.userName ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Sheet>
  );
}

/** /tyreReportCard?barcode=: one tyre's data and its trace from factory to sale. */
export default function TyreReport() {
  const { t } = useTranslation(printNs);
  const [params] = useSearchParams();
  const barcode = (params.get('barcode') ?? '').trim().toUpperCase();
  const query = useQuery({
    queryKey: ['print-trace', barcode],
    queryFn: () => api.post<BarcodeTrace>('/orderManage/barcode/trace', { barcode }),
    enabled: Boolean(barcode),
  });
  const problem = !barcode ? t('missingBarcode')
    : query.isError ? (isMissing(query.error) ? t('barcodeNotFound') : t('loadFailed', { message: query.error.message })) : null;
  return (
    <PrintLayout title={barcode ? `${t('tyreReport')} ${barcode}` : t('tyreReport')} ready={Boolean(query.data)}>
      {problem ? <CardState kind="error" text={problem} /> : query.data ? <Report trace={query.data} /> : <CardState kind="loading" />}
    </PrintLayout>
  );
}
