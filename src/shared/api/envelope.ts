import { z } from 'zod';

export * from './protocol';

/** Answers of writes, shared by every module: a call that answers nothing but its code and message has `data: null`. */
export const noData = z.null();
/** A created or changed record: its id. */
export const idAnswer = z.object({ id: z.number() });
export type IdAnswer = z.infer<typeof idAnswer>;
/** Records deleted. */
export const deletedAnswer = z.object({ deleted: z.number() });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;
