import { Button, DatePicker, Dropdown, Menu, Result } from '@arco-design/web-react';
import { IconEye, IconList, IconMore, IconPlus, IconScan } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OrderRow } from '@shared/api/orders';
import { isOpen, ORDER_PAGES, ORDER_STATUS, orderPerm, type OrderPage } from '@shared/orders/orderTypes';
import { rethrowUnlessShown } from '../../api/client';
import { ordersApi } from '../../api/orders';
import { useView } from '../../app/viewContext';
import type { FieldDef } from '../../kit/list/fields';
import { ListPage } from '../../kit/list/ListPage';
import { useButtons } from '../../kit/usePermission';
import { appState } from '../../stores/app';
import { session } from '../../stores/session';
import { orderColumns } from './orderColumns';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderFormDialog, type OrderFormState } from './OrderFormDialog';
import { cardsFor } from '../print/orderCards';
import { ScanDrawer } from './scan/ScanDrawer';
import { orderListId, useOrderActions } from './useOrderActions';
import { typeLabel } from './orderCells';
import { ns } from './locale';
import './orders.css';

const isOrderPage = (name: string): name is OrderPage => name in ORDER_PAGES;

/** Every page of the Order group is this one list, configured by the route's name (PRorder, WLorder, ...). */
export default function OrdersRoute() {
  const { route, title, query } = useView();
  const orderId = Number(query.get('orderId')) || null;
  const scanId = Number(query.get('scan')) || null;
  return isOrderPage(route.name) ? <OrderList page={route.name} title={title} openId={orderId} scanOpenId={scanId} /> : <Result status="404" title={route.name} />;
}

const dateField = (field: string, label: string): FieldDef => ({
  field, label,
  render: ({ value, onChange }) => <DatePicker style={{ width: '100%' }} value={value as string | undefined} onChange={(v) => onChange?.(v || undefined)} />,
});

/**
 * `openId`: an order to show at once, as a notice in the order messages links to it (`?orderId=`);
 * `scanOpenId`: an order whose scanning screen opens at once (`?scan=`), also offline from what
 * the device holds of it (docs/offline-floor.md).
 */
function OrderList({ page, title, openId, scanOpenId }: { page: OrderPage; title: string; openId: number | null; scanOpenId: number | null }) {
  const { t } = useTranslation(ns);
  const buttons = useButtons();
  const queryClient = useQueryClient();
  const { user } = useSnapshot(session);
  const { device } = useSnapshot(appState);
  const mobile = device === 'mobile';
  const perm = orderPerm(page);
  const can = (action: string) => buttons.has(`${perm}:${action}`);
  const api = useMemo(() => ordersApi(page), [page]);
  const actions = useOrderActions(page, api);
  const options = useQuery({ queryKey: ['order-options', page], queryFn: api.options, staleTime: 60_000 });
  const [form, setForm] = useState<OrderFormState | undefined>();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [scanId, setScanId] = useState<number | null>(null);
  useEffect(() => { if (openId) setDetailId(openId); }, [openId]);
  useEffect(() => { if (scanOpenId) setScanId(scanOpenId); }, [scanOpenId]);
  const dealerUser = user?.dealerId != null;
  const types = ORDER_PAGES[page];

  const edit = async (row: OrderRow) => {
    try {
      setForm({ order: await api.detail(row.id) });
    } catch (err) {
      rethrowUnlessShown(err); // shown by the client
    }
  };

  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint'), maxLength: 64 },
    ...(types.length > 1 ? [{ field: 'orderType', label: t('orderType'), type: 'select' as const, options: types.map((v) => ({ value: v, label: typeLabel(v) })) }] : []),
    { field: 'status', label: t('kit.status'), type: 'dict', dictType: 'order_status' },
    ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: (options.data?.dealers ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` })) }]),
    { field: 'warehouseId', label: t('warehouse'), type: 'select', options: (options.data?.warehouses ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` })) },
    dateField('dateFrom', t('dateFrom')),
    dateField('dateTo', t('dateTo')),
  ];

  /** Detail, scan, complete (and a stocktake's lines) as buttons on a desk, the rest under "more"; all under "more" on a phone. */
  const rowActions = (row: OrderRow) => {
    const open = isOpen(row.status);
    const actionList: { key: string; label: string; icon?: ReactNode; status?: 'success'; run(): void; inline: boolean; children?: { key: string; label: string; run(): void }[] }[] = [
      { key: 'detail', label: t('detail'), icon: <IconEye />, run: () => setDetailId(row.id), inline: true },
      ...(open && can('scan') ? [{ key: 'scan', label: t('scan'), icon: <IconScan />, run: () => setScanId(row.id), inline: true }] : []),
      ...(open && can('complete') ? [{ key: 'complete', label: t('complete'), status: 'success' as const, run: () => void actions.complete(row), inline: true }] : []),
      ...(page === 'InventoryList' ? [{ key: 'lines', label: t('stocktakeLines'), icon: <IconList />, run: () => actions.openStocktakeLines(row), inline: true }] : []),
      ...(open && can('edit') ? [{ key: 'edit', label: t('kit.edit'), run: () => void edit(row), inline: false }] : []),
      ...(open && can('cancel') ? [{ key: 'cancel', label: t('cancelOrder'), run: () => actions.cancel(row), inline: false }] : []),
      ...(can('print') ? [{
        key: 'print', label: t('print'), run: () => undefined, inline: false,
        children: cardsFor(row).map((card) => ({ key: `print-${card.key}`, label: t(`printCard.${card.key}`), run: () => actions.print(row, card) })),
      }] : []),
      ...(row.status === ORDER_STATUS.completed && row.uploadStatus === '0' && can('upload')
        ? [{ key: 'upload', label: t('markUploaded'), run: () => actions.markUploaded(row), inline: false }] : []),
    ];
    const inline = mobile ? [] : actionList.filter((a) => a.inline);
    const more = actionList.filter((a) => !inline.includes(a));
    return [
      ...inline.map((a) => (
        <Button key={a.key} size="mini" type="text" icon={a.icon} status={a.status} onClick={a.run} data-testid={`row-${a.key}`}>{a.label}</Button>
      )),
      more.length > 0 && (
        <Dropdown key="more" trigger="click" position="br" droplist={(
          <Menu onClickMenuItem={(key) => more.flatMap((a) => [a, ...(a.children ?? [])]).find((a) => a.key === key)?.run()}>
            {more.map((a) => (a.children ? (
              <Menu.SubMenu key={a.key} title={<span data-testid={`menu-${a.key}`}>{a.label}</span>}>
                {a.children.map((c) => <Menu.Item key={c.key} data-testid={`menu-${c.key}`}>{c.label}</Menu.Item>)}
              </Menu.SubMenu>
            ) : <Menu.Item key={a.key} data-testid={`menu-${a.key}`}>{a.label}</Menu.Item>))}
          </Menu>
        )}>
          <Button size="mini" type="text" icon={<IconMore />} aria-label={t('more')} data-testid="row-more" />
        </Dropdown>
      ),
    ];
  };

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<OrderRow>
          id={orderListId(page)} title={title} perm={perm} api={api} columns={orderColumns(page, dealerUser)} search={search}
          rowActions={rowActions} actionsWidth={mobile ? 56 : page === 'InventoryList' ? 300 : 240}
          toolbar={can('add') ? (
            <Button type="primary" icon={<IconPlus />} onClick={() => setForm({ order: null })} data-testid="toolbar-add">{t('kit.add')}</Button>
          ) : undefined}
        />
      </div>
      <OrderFormDialog
        page={page} title={title} api={api} options={options.data} dealerUser={dealerUser} state={form} onClose={() => setForm(undefined)}
        onSaved={() => { setForm(undefined); void queryClient.invalidateQueries({ queryKey: ['list', orderListId(page)] }); }}
      />
      <OrderDetailDrawer page={page} api={api} orderId={detailId} onClose={() => setDetailId(null)} />
      <ScanDrawer
        page={page} api={api} orderId={scanId} canScan={can('scan')} canComplete={can('complete')} actions={actions} onClose={() => setScanId(null)}
      />
    </div>
  );
}
