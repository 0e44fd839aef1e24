/**
 * What the devices-and-records pages hold to, without zod: their permission codes, the PDA
 * statuses, what a serial number looks like and how much one call may do. The manifest (which the
 * signed-in shell loads) and the pages import these; `devices.ts` keeps the schemas of the calls.
 */
/** Permission codes of the devices-and-records pages (buttons are `<code>:add` and so on). */
export const DevicesPerm = {
  pda: 'basedata:scandiviceReg',
  batch: 'basedata:baseBatch',
  pallet: 'basedata:basePallet',
  mail: 'basedata:mailManagement',
} as const;

/** Dictionary pda_status: 0 not activated, 1 activated, 2 frozen. */
export const PDA_STATUS = { inactive: '0', active: '1', frozen: '2' } as const;
/** Serial numbers as printed on a handheld: letters, digits, hyphen and underscore. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Batch codes one call generates at most. */
export const MAX_BATCH_GENERATE = 200;
/** Recipients of one mail at most. */
export const MAX_MAIL_RECIPIENTS = 100;
