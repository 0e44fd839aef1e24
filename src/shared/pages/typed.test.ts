import { describe, expectTypeOf, it } from 'vitest';
import { carRequestPage } from './logistics';
import { laborFactorPage } from './other';
import type { PageInput, PageRow } from './typed';

/** Compile-time checks (tsc in `npm test` fails on a wrong type): a page's body and row types follow its fields. */
describe('typed calls from the manifest', () => {
  it('a save body has the form fields, required ones non-null, numbers as numbers', () => {
    expectTypeOf<PageInput<typeof laborFactorPage>>().toEqualTypeOf<{
      companyName: string; workType: string; unitFee: number; factor: number; status: string | null; remark: string | null;
    }>();
  });
  it('refs are ids (lists of them with many), fields out of the form are not in the body, rows carry labels', () => {
    type Input = PageInput<typeof carRequestPage>;
    expectTypeOf<Input['orderIds']>().toEqualTypeOf<number[]>();
    expectTypeOf<Input['warehouseId']>().toEqualTypeOf<number>();
    expectTypeOf<Input>().not.toHaveProperty('requestNo');
    expectTypeOf<Input>().not.toHaveProperty('status');
    type Row = PageRow<typeof carRequestPage>;
    expectTypeOf<Row['requestNo']>().toEqualTypeOf<string | null>();
    expectTypeOf<Row['vehicleLabel']>().toEqualTypeOf<string | null>();
    expectTypeOf<Row['destinationIdsLabel']>().toEqualTypeOf<string | null>();
    expectTypeOf<Row['id']>().toEqualTypeOf<number>();
  });
});
