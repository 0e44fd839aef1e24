import { Message, Modal } from '@arco-design/web-react';
import { IconInfoCircleFill } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { OrderRow } from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import { rethrowUnlessShown } from '../../api/client';
import { onOrderChange } from '../../api/orderChanges';
import type { OrdersApi } from '../../api/orders';
import { orderCardHref, type OrderCardDef } from '../print/orderCards';
import { session } from '../../stores/session';
import { ns } from './locale';

/** The list kit's id of an order page: its column settings and query key. */
export const orderListId = (page: OrderPage) => `orders-${page}`;

/** The lifecycle actions of an order, with their confirmations; shared by the list, the detail and the scanning screen. */
export function useOrderActions(page: OrderPage, api: OrdersApi) {
  const listId = orderListId(page);
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { routeIndex } = useSnapshot(session);
  const pathOf = (name: string) => [...routeIndex.values()].find((r) => r.name === name)?.path;

  const refresh = useCallback((id: number) => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['list', listId] }),
    queryClient.invalidateQueries({ queryKey: ['order-detail', page, id] }),
  ]), [queryClient, listId, page]);

  /** A stocktake answers the loss/overflow order its differences became. */
  const announceAdjustment = (orderNo: string | null) => {
    if (orderNo === null) return void Message.info(t('noDifference'));
    const target = pathOf('DecreaseOverflow');
    // A confirm (Arco's info box has no second button) with the info icon: this is news, not a warning.
    Modal.confirm({
      icon: <IconInfoCircleFill style={{ color: 'rgb(var(--primary-6))' }} />,
      title: t('adjustmentTitle'), content: t('adjustmentContent', { orderNo }),
      okText: target ? t('openAdjustment') : t('common.ok'), cancelText: t('common.cancel'), hideCancel: !target,
      onOk: () => { if (target) navigate(target); },
    });
  };

  /** Resolves true once completed; the confirm says so when less than planned was scanned. */
  const complete = (row: Pick<OrderRow, 'id' | 'orderNo' | 'plannedQty' | 'scannedQty'>) => new Promise<boolean>((resolve) => {
    const short = row.plannedQty > 0 && row.scannedQty < row.plannedQty;
    Modal.confirm({
      title: t('completeTitle'),
      content: short ? t('completeShort', { orderNo: row.orderNo, scanned: row.scannedQty, planned: row.plannedQty }) : t('completeConfirm', { orderNo: row.orderNo }),
      okButtonProps: short ? { status: 'warning' } : undefined,
      okText: t('complete'), cancelText: t('common.cancel'),
      onCancel: () => resolve(false),
      onOk: async () => {
        try {
          const result = await api.complete(row.id);
          // A stocktake moves nothing itself; it answers the loss/overflow order instead.
          if (result.adjustmentOrderNo !== undefined) announceAdjustment(result.adjustmentOrderNo);
          else Message.success(t('completed', { count: result.moved }));
          resolve(true);
        } catch (err) {
          resolve(false);
          rethrowUnlessShown(err); // the client showed why
        }
        await refresh(row.id);
      },
    });
  });

  const cancel = (row: Pick<OrderRow, 'id' | 'orderNo'>) => Modal.confirm({
    title: t('cancelTitle'), content: t('cancelConfirm', { orderNo: row.orderNo }), okButtonProps: { status: 'danger' },
    okText: t('cancelOrder'), cancelText: t('common.cancel'),
    onOk: async () => {
      try {
        await api.cancel(row.id);
        Message.success(t('cancelled'));
      } catch (err) {
        rethrowUnlessShown(err); // shown by the client
      }
      await refresh(row.id);
    },
  });

  /**
   * Opens a print card in a new window. The card records the print itself once its print
   * dialog closes (an opened card may never be printed) and tells this list, which reloads.
   */
  const print = (row: Pick<OrderRow, 'id'>, card: OrderCardDef) => {
    window.open(orderCardHref(card, page, row.id), '_blank');
  };
  useEffect(() => onOrderChange((change) => {
    if (change.page === page) void refresh(change.id);
  }), [page, refresh]);

  const markUploaded = (row: Pick<OrderRow, 'id' | 'orderNo'>) => Modal.confirm({
    title: t('markUploaded'), content: t('markUploadedConfirm', { orderNo: row.orderNo }), okText: t('markUploaded'), cancelText: t('common.cancel'),
    onOk: async () => {
      try {
        await api.markUploaded([row.id]);
        Message.success(t('markedUploaded'));
      } catch (err) {
        rethrowUnlessShown(err); // shown by the client
      }
      await refresh(row.id);
    },
  });

  /** The stocktake's lines page, with the stocktake in the query string. */
  const openStocktakeLines = (row: Pick<OrderRow, 'id'>) =>
    navigate(`${pathOf('InventoryChildList') ?? '/ordermanage/Order/InventoryChildList'}?stocktakeId=${row.id}`);

  return { complete, cancel, print, markUploaded, openStocktakeLines, refresh };
}
export type OrderActions = ReturnType<typeof useOrderActions>;
