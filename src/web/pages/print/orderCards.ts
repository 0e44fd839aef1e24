import type { OrderRow } from '@shared/api/orders';
import { ORDER_TYPES, type OrderPage } from '@shared/orders/orderTypes';
import { isKeyOf } from '@shared/must';

/** A printable card of an order: its print route (docs/product.md#routes-and-screens) and which orders it fits. */
export interface OrderCardDef {
  key: 'card' | 'copy' | 'transfer' | 'picking' | 'labels';
  /** The print route (docs/product.md#routes-and-screens), without the leading slash. */
  path: 'prCard' | 'prCardCopy' | 'trCardCopy' | 'bhdCardCopy' | 'prCard2';
  fits(order: Pick<OrderRow, 'orderType' | 'scannedQty'>): boolean;
}

const effectOf = (type: string) => (isKeyOf(ORDER_TYPES, type) ? ORDER_TYPES[type].effect : undefined);

/** Every card an order can print, in the order the print menu offers them. */
export const ORDER_CARDS: readonly OrderCardDef[] = [
  { key: 'card', path: 'prCard', fits: () => true },
  { key: 'copy', path: 'prCardCopy', fits: () => true },
  { key: 'transfer', path: 'trCardCopy', fits: (o) => effectOf(o.orderType) === 'transfer' },
  { key: 'picking', path: 'bhdCardCopy', fits: (o) => ['ship', 'transfer'].includes(effectOf(o.orderType) ?? '') },
  { key: 'labels', path: 'prCard2', fits: (o) => o.scannedQty > 0 },
];

export const cardsFor = (order: Pick<OrderRow, 'orderType' | 'scannedQty'>) => ORDER_CARDS.filter((c) => c.fits(order));

/**
 * The card's address. The page names the order's list, whose detail call (and print
 * permission) the card uses: without it the card could only find purchase receipts.
 */
export const orderCardHref = (card: OrderCardDef, page: OrderPage, id: number) => `#/${card.path}?id=${id}&page=${page}`;
