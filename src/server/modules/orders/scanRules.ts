import type { MessageKey } from '../../../shared/i18n/messages';
import { ORDER_TYPES, type AdjustKind, type OrderType, type StockEffect } from '../../../shared/orders/orderTypes';

export interface ScanOrder {
  orderType: OrderType;
  dealerId: number | null;
  warehouseId: number;
}

export interface ScanLine {
  id: number;
  materialId: number;
  plannedQty: number;
  scannedQty: number;
  adjustKind: AdjustKind | null;
}

/** A tyre as the barcodes table holds it. */
export interface HeldBarcode {
  code: string;
  materialId: number;
  materialCode: string;
  materialName: string;
  status: string;
  dealerId: number | null;
  warehouseId: number | null;
  warehouseName: string | null;
  locationId: number | null;
  dotCode: string | null;
}

export interface Refusal {
  key: MessageKey;
  params: Record<string, string | number>;
}

const refuse = (key: MessageKey, params: Record<string, string | number>): Refusal => ({ key, params });

/**
 * Whether a tyre may take part in an order of this kind, judged on where it is now. Scanning
 * asks it at once; completing asks again under row locks, because another order may have
 * moved the tyre in between.
 */
export function barcodeRefusal(order: ScanOrder, held: HeldBarcode | undefined, code: string, adjustKind?: AdjustKind | null): Refusal | null {
  if (!held) return refuse('barcodeUnknown', { barcode: code });
  // A tyre shipped to, held by or last sold by another dealer (or the maker, whose tyres have
  // no dealer) is never this order's, whatever its type: a dealer cannot receive the maker's
  // delivery, count another dealer's tyre into its stocktake or book it as overflow. The
  // refusal names no warehouse, so it tells nothing about the other dealer's stock.
  if (held.dealerId !== order.dealerId) return refuse('barcodeOtherDealer', { barcode: code });
  const p = { barcode: code, warehouse: held.warehouseName ?? '-' };
  const effect: StockEffect = ORDER_TYPES[order.orderType].effect;
  const inHere = held.status === 'in' && held.warehouseId === order.warehouseId;
  switch (effect) {
    case 'receive':
      if (held.status === 'in') return refuse('barcodeInStock', p);
      if (held.status === 'out') return refuse('barcodeAlreadyOut', p);
      return null;
    case 'return':
      if (held.status === 'in') return refuse('barcodeInStock', p);
      if (held.status === 'pending') return refuse('barcodeNotReceived', p);
      return null;
    case 'ship':
    case 'transfer':
      if (held.status === 'pending') return refuse('barcodeNotReceived', p);
      if (held.status === 'out') return refuse('barcodeAlreadyOut', p);
      if (!inHere) return refuse('barcodeOtherWarehouse', p);
      return null;
    case 'count':
      return null;
    case 'adjust':
      if (!adjustKind) return refuse('adjustKindRequired', p);
      if (adjustKind === 'loss') {
        if (held.status === 'pending') return refuse('barcodeNotReceived', p);
        if (held.status === 'out') return refuse('barcodeAlreadyOut', p);
        if (!inHere) return refuse('barcodeOtherWarehouse', p);
      } else if (inHere) {
        return refuse('barcodeInStock', p);
      }
      return null;
  }
}

export type ScanOutcome =
  | { action: 'added'; line: ScanLine | null }
  | { action: 'removed'; line: ScanLine | null; lineId: number | null }
  | Refusal;

export const isRefusal = (o: ScanOutcome): o is Refusal => 'key' in o;

/**
 * Applies scans to an open order one after another, in memory: the single scan and the PDA
 * upload both go through here, so a barcode is judged the same way whichever way it came.
 * Counts move as scans are taken; the caller writes the accepted ones.
 */
export class ScanPlanner {
  private readonly lines: ScanLine[];
  /** Barcodes on the order, with the line each counts on. */
  private readonly scanned: Map<string, number | null>;

  constructor(private readonly order: ScanOrder, lines: ScanLine[], scanned: Map<string, number | null>, private readonly duplicateDeletes: boolean) {
    this.lines = lines.map((l) => ({ ...l }));
    this.scanned = new Map(scanned);
  }

  apply(code: string, held: HeldBarcode | undefined, adjustKind?: AdjustKind | null): ScanOutcome {
    if (this.scanned.has(code)) {
      if (!this.duplicateDeletes) return refuse('barcodeScannedTwice', { barcode: code });
      const lineId = this.scanned.get(code) ?? null;
      this.scanned.delete(code);
      const line = this.lines.find((l) => l.id === lineId) ?? null;
      if (line) line.scannedQty -= 1;
      return { action: 'removed', line, lineId };
    }
    const refusal = barcodeRefusal(this.order, held, code, adjustKind);
    if (refusal) return refusal;
    const effect = ORDER_TYPES[this.order.orderType].effect;
    let line: ScanLine | null = null;
    if (effect !== 'count') {
      line = this.lines.find((l) => l.materialId === held!.materialId && (effect !== 'adjust' || l.adjustKind === adjustKind)) ?? null;
      if (!line) return refuse('barcodeWrongMaterial', { barcode: code, material: held!.materialCode });
      if (line.scannedQty >= line.plannedQty) return refuse('barcodeOverPlanned', { material: held!.materialCode, planned: line.plannedQty });
      line.scannedQty += 1;
    }
    this.scanned.set(code, line?.id ?? null);
    return { action: 'added', line };
  }

  line(id: number | null): ScanLine | undefined {
    return this.lines.find((l) => l.id === id);
  }

  get scannedQty() {
    return this.scanned.size;
  }

  /** The order's scans as its lines count them: all of them, unless the order counts on no line (a stocktake). */
  get lineScannedQty() {
    return this.lines.reduce((n, l) => n + l.scannedQty, 0);
  }

  get plannedQty() {
    return this.lines.reduce((n, l) => n + l.plannedQty, 0);
  }
}
