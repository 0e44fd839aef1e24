import { Descriptions, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StocktakeLineRow } from '@shared/api/orders';
import { STOCKTAKE_LINES_PERM } from '@shared/orders/orderTypes';
import { ordersApi, stocktakeLinesApi } from '../../../api/orders';
import { useView } from '../../../app/viewContext';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { StatusTag } from '../orderCells';
import { warehouseText } from '../OrderDetailDrawer';
import { ns } from '../locale';
import '../orders.css';

const stocktakes = ordersApi('InventoryList');

/** Order › Stocktake lines (InventoryChildList, hidden): what was counted per location and material against the books. */
export default function StocktakeLinesPage() {
  const { t } = useTranslation(ns);
  const { query, title } = useView();
  const stocktakeId = Number(query.get('stocktakeId')) || null;
  const stocktake = useQuery({
    queryKey: ['order-detail', 'InventoryList', stocktakeId], queryFn: () => stocktakes.detail(stocktakeId!), enabled: stocktakeId !== null,
  });
  const order = stocktake.data;

  const columns: Column<StocktakeLineRow>[] = [
    { key: 'locationCode', title: t('location'), render: (v: string | null) => v ?? '-' },
    { key: 'materialCode', title: t('material'), render: (_: unknown, r: StocktakeLineRow) => `${r.materialCode} ${r.materialName}` },
    { key: 'counted', title: t('counted'), align: 'right' },
    { key: 'book', title: t('book'), align: 'right' },
    {
      key: 'difference', title: t('difference'), align: 'right',
      render: (v: number) => (v ? <Tag size="small" color={v < 0 ? 'red' : 'green'} data-testid="stocktake-difference">{v > 0 ? `+${v}` : v} {t(v < 0 ? 'loss' : 'overflow')}</Tag> : 0),
    },
  ];

  return (
    <div className="page">
      <div className="page-card">
        {order && (
          <Descriptions
            className="stocktake-head" size="small" column={{ xs: 1, sm: 2, md: 4 }} border
            data={[
              { label: t('orderNo'), value: order.orderNo },
              { label: t('warehouse'), value: warehouseText(order.warehouseCode, order.warehouseName) },
              { label: t('kit.status'), value: <StatusTag value={order.status} /> },
              { label: t('counted'), value: order.scannedQty },
            ]}
          />
        )}
        <ListPage<StocktakeLineRow>
          id="orders-stocktake-lines" title={order ? `${title} ${order.orderNo}` : title} perm={STOCKTAKE_LINES_PERM} api={stocktakeLinesApi}
          columns={columns} fixedFilters={stocktakeId ? { stocktakeId } : undefined} waitingFor={stocktakeId ? undefined : t('stocktakeHint')}
        />
      </div>
    </div>
  );
}
