import type { RouteDef } from '../../src/server/http/route';
import { ghostOf, kindOfField, type Foreign, type Kind } from './foreignRows';
import { jsonSchemaOf, sampleBody, takesArray } from './schemaArbitrary';

/**
 * The bodies a probing dealer sends: what the route's schema accepts, with every field that
 * names a dealer's row (dealerId, warehouseId, id, ids, orderId, barcode, ...) set to another
 * dealer's rows; and the same body naming rows that do not exist (the ghost), whose answer the
 * probe's must equal, since another dealer's rows must look like nothing at all.
 */
export interface Probe {
  body: Record<string, unknown>;
  ghost: Record<string, unknown>;
  /** The fields set to the other dealer's rows. */
  fields: string[];
  /** Whether the route's schema accepts the probe (else the answer is a 400 that proves little). */
  valid: boolean;
}

/** `/basedata/warehouse/update` -> `/basedata/warehouse`: the list a call belongs to. */
export const prefixOf = (url: string) => url.slice(0, url.lastIndexOf('/'));

/** A dealer's rows of a route's own list (for `id`, `ids`), and one of them in full (its detail). */
export interface ListRows { ids: number[]; detail: Record<string, unknown> | null }

/** The probe naming `foreign`'s rows in every field that names a row (all of them one dealer's). */
export function probeFor(route: RouteDef, foreign: Foreign, own: ListRows): Probe | null {
  if (!route.body) return null;
  const json = jsonSchemaOf(route.body);
  const props = json.properties ?? {};
  const body = sampleBody(route.body) ?? {};
  // A form's other fields from the row itself, so the write would pass had the row been the caller's;
  // a field is taken only while the schema still accepts the body (a detail's line has more fields
  // than a form's). A new record keeps its sampled texts (fresh codes) and takes only the row's
  // choices and numbers.
  if (own.detail) {
    const creates = !('id' in props);
    for (const [key, value] of Object.entries(own.detail)) {
      if (!(key in props) || value === undefined) continue;
      if (creates && typeof value === 'string' && !props[key].enum && !(props[key].anyOf ?? []).some((b) => b.enum)) continue;
      const was = body[key];
      const validBefore = route.body.safeParse(body).success;
      body[key] = value;
      if (validBefore && !route.body.safeParse(body).success) body[key] = was;
    }
  }
  const ghost = structuredClone(body);
  const fields: string[] = [];
  for (const [key, prop] of Object.entries(props)) {
    const kind = kindOfField(key);
    if (!kind) continue;
    const values: (number | string)[] = kind === 'row' ? own.ids : kind === 'order' && own.ids.length && /^\/orderManage\//.test(route.url) ? own.ids : foreign.values[kind as Kind];
    if (!values.length) continue;
    const many = takesArray(prop);
    body[key] = many ? values : values[0];
    ghost[key] = many ? [ghostOf(kind)] : ghostOf(kind);
    fields.push(key);
  }
  return { body, ghost, fields, valid: route.body.safeParse(body).success };
}

/**
 * Probes of the caller's own record or filter with one field naming another dealer's row: the
 * body names `mine`'s rows everywhere but in that one field (never the record itself, `id`).
 */
export function mixedProbes(route: RouteDef, mine: Foreign, myRows: ListRows, foreign: Foreign): Probe[] {
  const base = probeFor(route, mine, myRows);
  if (!base || base.fields.length < 2) return [];
  const props = jsonSchemaOf(route.body!).properties ?? {};
  const probes: Probe[] = [];
  for (const field of base.fields) {
    const kind = kindOfField(field);
    if (!kind || kind === 'row') continue;
    const values = foreign.values[kind];
    if (!values.length) continue;
    const many = takesArray(props[field]);
    const body = { ...structuredClone(base.body), [field]: many ? values : values[0] };
    const ghost = { ...structuredClone(base.body), [field]: many ? [ghostOf(kind)] : ghostOf(kind) };
    probes.push({ body, ghost, fields: [field], valid: route.body!.safeParse(body).success });
  }
  return probes;
}
