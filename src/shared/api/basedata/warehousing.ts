import { z } from 'zod';
import { rowId } from '../rowId';

/** Permission codes of the dealers-and-warehouses pages (buttons are `<code>:add` and so on). */
export const WarehousingPerm = {
  dealer: 'basedata:brokerInfo',
  warehouse: 'basedata:warehouse',
  storehouse: 'basedata:storehouse',
  location: 'basedata:storagelocation',
  rule: 'basedata:storagelocationRule',
} as const;

/** An id; a digit string (a form or sheet value) reads as its number, nothing at all as 'mandatory'. */
const refId = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), rowId);

export const generateLocationsBody = z.object({
  storehouseId: refId,
  rows: z.coerce.number().int().min(1).max(99),
  levels: z.coerce.number().int().min(1).max(99),
  capacity: z.coerce.number().int().min(0).max(1_000_000).default(0),
}).strict();
export type GenerateLocationsBody = z.input<typeof generateLocationsBody>;
/** Locations made, and those left because their code existed. */
export const generateLocationsAnswer = z.object({ created: z.number().int(), skipped: z.number().int() });

export const suggestLocationBody = z.object({ warehouseId: refId, materialId: refId }).strict();
export type SuggestLocationBody = z.input<typeof suggestLocationBody>;
/** The rule that fits a material best in a warehouse (none: null), and its active target locations. */
export const suggestLocationAnswer = z.object({
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  locations: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type SuggestLocationAnswer = z.infer<typeof suggestLocationAnswer>;

export interface DealerRow {
  id: number; code: string; name: string; nickname: string | null; regionId: number | null; regionName: string | null;
  defaultWarehouseId: number | null; defaultWarehouseName: string | null; contact: string | null; phone: string | null; address: string | null;
  erpCall: boolean; locationEnabled: boolean; duplicateScanDelete: boolean; internalStock: boolean; batchEnabled: boolean;
  tmsEnabled: boolean; barcodeEnabled: boolean; status: string;
}
export interface WarehouseRow {
  id: number; code: string; name: string; dealerId: number | null; dealerCode: string | null; dealerName: string | null;
  address: string | null; contact: string | null; phone: string | null; status: string;
}
export interface StorehouseRow { id: number; warehouseId: number; warehouseCode: string; warehouseName: string; code: string; name: string; status: string }
/** A storage location's row: its warehouse's and area's code and name, and the manifest list's `code name` labels. */
export interface LocationRow {
  id: number; warehouseId: number; warehouseCode: string; warehouseName: string; warehouseLabel: string; storehouseId: number; storehouseCode: string;
  storehouseName: string; storehouseLabel: string; code: string; name: string; capacity: number; status: string; createdAt: string;
}
/** A location rule's row (its page is declared in the manifest, src/shared/pages/basedata.ts): the labels beside the older codes and names. */
export interface LocationRuleRow {
  id: number; warehouseId: number; warehouseCode: string; warehouseName: string; warehouseLabel: string; name: string; brandId: number | null;
  brandCode: string | null; brandName: string | null; brandLabel: string | null; specification: string | null; pattern: string | null; priority: number;
  status: string; locationIds: number[]; locationCodes: string[]; locationIdsLabel: string | null;
}
const idCodeName = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
/** Options for the pages' selects, within the caller's scope. */
export const warehousingOptionsAnswer = z.object({
  regions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  dealers: z.array(idCodeName),
  warehouses: z.array(idCodeName.extend({ dealerId: z.number().int().nullable() })),
  /** Areas and locations of the warehouse asked for (none without one). */
  storehouses: z.array(idCodeName.extend({ warehouseId: z.number().int() })),
  locations: z.array(z.object({ id: z.number().int(), code: z.string(), storehouseId: z.number().int() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type WarehousingOptions = z.infer<typeof warehousingOptionsAnswer>;
