import type { FieldSpec } from './types';

/**
 * The types of a page's calls, from its declared fields (the client's typed calls come
 * from the manifest). A page declared without a `: PageSpec` annotation keeps its fields' keys,
 * types and flags (build.ts), so `PageInput<typeof laborFactorPage>` is its save body and
 * `PageRow<...>` a row of its list; the web's `pageApi(page)` calls with them.
 */
type ValueOf<F> = F extends { type: 'number' | 'int' } ? number
  : F extends { type: 'boolean' } ? boolean
    : F extends { type: 'ref'; many: true } ? number[]
      : F extends { type: 'ref' } ? number
        : string;
type Fields<P> = P extends { fields: readonly (infer F)[] } ? F : never;
type KeyOf<F> = F extends { key: infer K extends string } ? K : never;
/** A ref's `code name` beside its id in a row (schema.ts refLabelKey: warehouseId → warehouseLabel). */
type LabelKey<K extends string> = K extends `${infer B}Id` ? `${B}Label` : `${K}Label`;

/** The save and update body: the form's fields; a required one has a value, another may be null. */
export type PageInput<P> = {
  [F in Fields<P> as F extends { form: false } | { type: 'datetime' } | { from: string } ? never : KeyOf<F>]: F extends { required: true } ? ValueOf<F> : ValueOf<F> | null;
};

/** A row of the page's list: every field (null where empty), each ref's label, and the id. */
export type PageRow<P> = { id: number } & { [F in Fields<P> as KeyOf<F>]: ValueOf<F> | null } & {
  [F in Fields<P> as F extends { type: 'ref' } ? LabelKey<KeyOf<F>> : never]: string | null;
};

/** Only pages with fields and an api have typed calls. */
export type ListPageSpec = { api?: string; fields?: readonly FieldSpec[] };
