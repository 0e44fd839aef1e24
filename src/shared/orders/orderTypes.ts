import type { Language } from '../i18n/languages';
import { isKeyOf, must } from '../must';

/**
 * Order types and what each does to stock (docs/stock-model.md). Both sides read
 * this table: the server posts moves by `effect`, the console picks labels and screens.
 *
 * Effects on a tyre's barcode (status pending = shipped to a dealer, not yet received):
 * - receive:  pending → in stock at the order's warehouse (factory or supplier delivery)
 * - return:   out (sold by this dealer) → in stock again (customer return, warranty claim in)
 * - ship:     in stock at the order's warehouse → out (sale, return to supplier, claim out)
 * - transfer: in stock at the order's warehouse → in stock at the target warehouse
 * - count:    nothing; a stocktake records what was counted and completing it produces a
 *             loss/overflow order with the differences
 * - adjust:   loss lines take tyres out of stock, overflow lines put found tyres in stock
 */
export const STOCK_EFFECTS = ['receive', 'return', 'ship', 'transfer', 'count', 'adjust'] as const;
export type StockEffect = (typeof STOCK_EFFECTS)[number];

export const ORDER_TYPE_CODES = [
  'PR', 'PB', 'WI', 'LB', 'WL', 'WC', 'LR', 'LC', 'TR', 'IV', 'DO', 'OX', 'OC', 'ZI', 'XO', 'ZO', 'CI', 'CO',
] as const;
export type OrderType = (typeof ORDER_TYPE_CODES)[number];

export interface OrderTypeDef {
  effect: StockEffect;
  zh: string;
  en: string;
}

export const ORDER_TYPES: Record<OrderType, OrderTypeDef> = {
  PR: { effect: 'receive', zh: '采购入库', en: 'Purchase receipt' },
  PB: { effect: 'receive', zh: '受托入库', en: 'Commissioned receipt' },
  WI: { effect: 'ship', zh: '采购退货', en: 'Purchase return' },
  LB: { effect: 'ship', zh: '受托退货', en: 'Commissioned return' },
  WL: { effect: 'ship', zh: '销售出库', en: 'Sales outbound' },
  WC: { effect: 'ship', zh: '寄售出库', en: 'Consigned sales shipment' },
  LR: { effect: 'return', zh: '销售退货', en: 'Sales return' },
  LC: { effect: 'return', zh: '寄售退货', en: 'Consigned sales return' },
  TR: { effect: 'transfer', zh: '调拨', en: 'Transfer' },
  IV: { effect: 'count', zh: '盘点', en: 'Stocktake' },
  DO: { effect: 'adjust', zh: '报损报溢', en: 'Loss and overflow' },
  OX: { effect: 'receive', zh: '外协采购入库', en: 'Outsourced purchase receipt' },
  OC: { effect: 'receive', zh: '外采入库', en: 'External purchase receipt' },
  ZI: { effect: 'receive', zh: '转储入库', en: 'Dump receipt' },
  XO: { effect: 'ship', zh: '外协出库', en: 'Outsourced delivery' },
  ZO: { effect: 'ship', zh: '转储出库', en: 'Dump delivery' },
  CI: { effect: 'return', zh: '理赔入库', en: 'Warranty claim in' },
  CO: { effect: 'ship', zh: '理赔出库', en: 'Warranty claim out' },
};

/** Effects that put tyres into the order's warehouse (the scan may name a location). */
export const isOrderType = (type: string): type is OrderType => Object.hasOwn(ORDER_TYPES, type);

/** An order type's name in a language; a code the product does not know stays as it is. */
export const orderTypeLabel = (type: string, lang: Language): string =>
  (isOrderType(type) ? (lang === 'zh-CN' ? ORDER_TYPES[type].zh : ORDER_TYPES[type].en) : type);

export const isInbound = (effect: StockEffect) => effect === 'receive' || effect === 'return';

/**
 * The Order group's pages (docs/product.md#routes-and-screens) and the order types each lists. The first type is
 * the one a new order gets unless the user picks another.
 */
export const ORDER_PAGES = {
  PRorder: ['PR', 'PB'],
  WIorder: ['WI', 'LB'],
  WLorder: ['WL', 'WC'],
  DecreaseOverflow: ['DO'],
  LRorder: ['LR', 'LC'],
  TRorder: ['TR'],
  InventoryList: ['IV'],
  OutXiePRorder: ['OX'],
  OutCaiPRorder: ['OC'],
  ZChuInDeliveryOrder: ['ZI'],
  OutXieOutDeliveryOrder: ['XO'],
  ZChuOutDeliveryOrder: ['ZO'],
  LPRKorder: ['CI'],
  LPCKorder: ['CO'],
} as const satisfies Record<string, readonly OrderType[]>;
export type OrderPage = keyof typeof ORDER_PAGES;
export const ORDER_PAGE_NAMES = Object.keys(ORDER_PAGES).filter((p): p is OrderPage => isKeyOf(ORDER_PAGES, p));

export const pageOfType = (type: OrderType): OrderPage =>
  must(ORDER_PAGE_NAMES.find((p) => {
    const types: readonly OrderType[] = ORDER_PAGES[p];
    return types.includes(type);
  }), `the order page of type ${type}`);
export const orderPerm = (page: OrderPage) => `ordermanage:${page}`;
/** The stocktake lines page (hidden in the menu) opened from a stocktake. */
export const STOCKTAKE_LINES_PERM = 'ordermanage:InventoryChildList';

/** Dictionary order_status / receive_order_status values. */
export const ORDER_STATUS = { created: '0', scanning: '1', completed: '2', cancelled: '3' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const isOpen = (status: string) => status === ORDER_STATUS.created || status === ORDER_STATUS.scanning;

/** Dictionary barcode_status values. */
export const BARCODE_STATUS = { pending: 'pending', in: 'in', out: 'out' } as const;
export type BarcodeStatus = (typeof BARCODE_STATUS)[keyof typeof BARCODE_STATUS];

/** On a loss/overflow order each barcode is either missing (loss) or found (overflow). */
export const ADJUST_KINDS = ['loss', 'overflow'] as const;
export type AdjustKind = (typeof ADJUST_KINDS)[number];

/** Tyre serials as printed: upper-case letters, digits and hyphen. */
export const BARCODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{5,39}$/;
/** DOT date code: week and year, WWYY (2324 = week 23 of 2024). */
export const DOT_PATTERN = /^(0[1-9]|[1-4]\d|5[0-3])\d{2}$/;

/** Most barcodes one PDA upload may carry. */
export const MAX_UPLOAD_BARCODES = 2000;
/** Most lines one order may have. */
export const MAX_ORDER_LINES = 200;
