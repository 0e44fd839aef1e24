import { z } from 'zod';
import { calendarDay } from '../day';
import { pageOf } from '../paging';
import { coercedRowId } from '../rowId';
import { MAX_BATCH_GENERATE, MAX_MAIL_RECIPIENTS } from './deviceRules';

/** The pages' rules are the console's without zod (deviceRules.ts); the server takes their permission codes with the schemas. */
export { DevicesPerm } from './deviceRules';

const refId = coercedRowId;
const optionalRef = z.preprocess((v) => (v === '' ? null : v), refId.nullable().optional());
const date = z.string().trim().pipe(calendarDay);

export const batchGenerateBody = z.object({
  materialId: refId,
  dealerId: optionalRef,
  productionDate: date,
  count: z.coerce.number().int().min(1).max(MAX_BATCH_GENERATE),
}).strict();

export const mailSendBody = z.object({
  subject: z.string().trim().min(1).max(128),
  body: z.string().trim().min(1).max(20_000),
  recipientIds: z.array(refId).min(1).max(MAX_MAIL_RECIPIENTS),
}).strict();
export const mailBoxBody = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().max(64).optional(),
  unread: z.boolean().optional(),
});
export const mailIdBody = z.object({ id: refId }).strict();
export const mailRecipientsBody = z.object({ keyword: z.string().max(64).optional() }).loose();

const refAnswer = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Ref = z.infer<typeof refAnswer>;
const warehouseRefAnswer = refAnswer.extend({ dealerId: z.number().int().nullable() });
export type WarehouseRef = z.infer<typeof warehouseRefAnswer>;

/** A PDA device's row (its page is declared in the manifest, src/shared/pages/basedata.ts): the labels beside the older code and name. */
export interface PdaRow {
  id: number; serialNo: string; name: string; model: string | null; dealerId: number | null; dealerCode: string | null; dealerName: string | null;
  warehouseId: number | null; warehouseCode: string | null; warehouseName: string | null; status: string; activatedAt: string | null; createdAt: string;
  dealerLabel: string | null; warehouseLabel: string | null;
}
export interface BatchRow {
  id: number; code: string; materialId: number | null; materialCode: string | null; materialName: string | null;
  dealerId: number | null; dealerCode: string | null; dealerName: string | null; productionDate: string | null; remark: string | null; createdAt: string;
}
/** A pallet's row: its warehouse's and storage location's code and name, and the manifest list's `code name` labels. */
export interface PalletRow {
  id: number; warehouseId: number; warehouseCode: string; warehouseName: string; warehouseLabel: string; code: string; name: string;
  storageLocationId: number | null; storageLocationCode: string | null; storageLocationName: string | null; storageLocationLabel: string | null;
  capacity: number; status: string; createdAt: string;
}
/** What the PDA form chooses from (within the caller's scope). */
export const deviceOptionsAnswer = z.object({ dealers: z.array(refAnswer), warehouses: z.array(warehouseRefAnswer), materials: z.array(refAnswer) });
export type DeviceOptions = z.infer<typeof deviceOptionsAnswer>;
/** The batch codes generated, in order. */
export const batchGenerateAnswer = z.object({ codes: z.array(z.string()) });

export const mailUserAnswer = z.object({ id: z.number().int(), userName: z.string(), nickName: z.string(), dealerName: z.string().nullable() });
export type MailUser = z.infer<typeof mailUserAnswer>;
const inboxRow = z.object({ id: z.number().int(), subject: z.string(), senderName: z.string(), createdAt: z.string(), readAt: z.string().nullable() });
export type InboxRow = z.infer<typeof inboxRow>;
const sentRow = z.object({ id: z.number().int(), subject: z.string(), recipients: z.array(z.string()), readCount: z.number().int(), createdAt: z.string() });
export type SentRow = z.infer<typeof sentRow>;
export const inboxAnswer = pageOf(inboxRow);
export const sentAnswer = pageOf(sentRow);
export const mailDetailAnswer = z.object({
  id: z.number().int(), subject: z.string(), body: z.string(), senderId: z.number().int(), senderName: z.string(), createdAt: z.string(),
  recipients: z.array(z.object({ id: z.number().int(), name: z.string(), readAt: z.string().nullable() })),
});
export type MailDetail = z.infer<typeof mailDetailAnswer>;
export const mailSentAnswer = z.object({ id: z.number().int() });
export const unreadCountAnswer = z.object({ count: z.number().int() });
