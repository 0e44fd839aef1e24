import { z } from 'zod';

const countBy = z.array(z.object({ name: z.string(), count: z.number() }));

/** The home screen's catalogue and channel figures, within the caller's data scope. */
export const overviewAnswer = z.object({
  /** dealer: a dealer user's own dealer; scoped: staff narrowed by data rules; all: the whole channel. */
  scope: z.enum(['all', 'dealer', 'scoped']),
  dealers: z.number(),
  warehouses: z.number(),
  materials: z.number(),
  brands: z.number(),
  materialsByBrand: countBy,
  dealersByRegion: countBy,
});
export type Overview = z.infer<typeof overviewAnswer>;
