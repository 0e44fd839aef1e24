import fc from 'fast-check';
import type { JsonSchema } from './schemaArbitrary';

/**
 * Inputs an attacker or a broken client sends: values of the wrong type, fields missing or
 * unknown, numbers at and past every limit, texts that are SQL, script, or unicode's odd corners.
 */

/** Texts that have broken servers: SQL and script, format and path tricks, unicode edge cases. */
export const NASTY_TEXTS = [
  "' OR '1'='1", "1; DROP TABLE users; --", "'); select pg_sleep(10); --", '" OR ""="', '%', '_', '\\', "\\'", '$1', '${jndi:ldap://x}',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '%s%n%x',
  '../../../../etc/passwd', 'C:\\Windows\\win.ini',
  '\ud800', '\udfff', 'a\ud83dz', '\u202eevil\u202c', 'zero\u200bwidth\u200d', '\ufeffbom', '😀👍🏽🇨🇳', 'e\u0301\u0301\u0301', '𝕏𝖞𝖟', '\u0085\u2028\u2029', 'ﷺ',
  'NaN', 'Infinity', '-0', '1e400', '0x1F', ' 1 ', '1_000', '',
];

/** Days at the ends of the calendar (ranges of ten thousand years), a leap day, any day. */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const days = fc.oneof(
  fc.constantFrom('0001-01-01', '9999-12-31', '2024-02-29', '1970-01-01'),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

/** Numbers past what a field or a database column holds. */
export const EDGE_NUMBERS = [-1, 0, -0.5, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 2 ** 64, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2];

const typesOf = (s: JsonSchema): string[] => [...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []), ...(s.anyOf ?? []).flatMap(typesOf)];

/** A value of every JSON kind, NaN-like and huge ones among them. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_TEXTS), fc.constantFrom(...EDGE_NUMBERS), fc.boolean(), fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }), fc.string({ maxLength: 8 }),
);

/** One change that breaks a valid body, and what it is, for the failure message. */
export interface Mutation { what: string; body: unknown }

/**
 * Bodies made from a valid one by one change: a field of the wrong type or an edge value, a
 * required field left out, an unknown field added, the body not an object at all. Those the
 * schema refuses (`samples`) must be refused before any handler.
 */
export function invalidBodies(json: JsonSchema, valid: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const props = Object.keys(json.properties ?? {});
  const required = (json.required ?? []).filter((k) => props.includes(k));
  const arbs: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom<unknown>([], 'body', 42, null, true, [valid]).map((body) => ({ what: `body ${JSON.stringify(body)}`, body })),
    fc.stringMatching(/^[a-z][A-Za-z0-9]{0,11}$/).filter((k) => !props.includes(k))
      .map((k) => ({ what: `unknown field ${JSON.stringify(k)}`, body: { ...valid, [k]: 1 } })),
  ];
  if (props.length) {
    arbs.push(fc.tuple(fc.constantFrom(...props), anyValue).map(([k, v]) => ({ what: `${k} = ${JSON.stringify(v)}`, body: { ...valid, [k]: v } })));
    const numeric = props.filter((k) => typesOf(json.properties![k]).some((t) => t === 'integer' || t === 'number'));
    if (numeric.length) {
      arbs.push(fc.tuple(fc.constantFrom(...numeric), fc.constantFrom<unknown>(...EDGE_NUMBERS, 'NaN', 'Infinity', '1e400', '0x10', ''))
        .map(([k, v]) => ({ what: `${k} = ${JSON.stringify(v)}`, body: { ...valid, [k]: v } })));
    }
  }
  if (required.length) {
    arbs.push(fc.constantFrom(...required).map((k) => {
      const { [k]: _gone, ...rest } = valid;
      return { what: `without ${k}`, body: rest };
    }));
  }
  return fc.oneof(...arbs);
}

/**
 * A valid body with a hostile text in every free-text field, a random text of its format in
 * every formatted one (a date like 0000-99-99, a barcode) and, for a number, its largest allowed
 * value: those the schema still accepts (`samples`) reach the handler, which must answer them as
 * data.
 */
export function hostileValidBodies(json: JsonSchema, valid: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const props = json.properties ?? {};
  const patternOf = (p: JsonSchema) => [p, ...(p.anyOf ?? [])].find((b) => b.pattern)?.pattern;
  const texts = Object.keys(props).filter((k) => typesOf(props[k]).includes('string') && !props[k].enum && !patternOf(props[k]) && !props[k].format);
  const formatted = Object.keys(props).filter((k) => patternOf(props[k]));
  const numbers = Object.keys(props).filter((k) => typesOf(props[k]).some((t) => t === 'integer' || t === 'number'));
  return fc.tuple(
    fc.array(fc.constantFrom(...NASTY_TEXTS), { minLength: texts.length, maxLength: texts.length }),
    fc.tuple(...formatted.map((k) => (patternOf(props[k]) === DAY_PATTERN ? days : fc.stringMatching(new RegExp(patternOf(props[k])!), { size: 'xsmall' })))),
    fc.boolean(),
  ).map(([values, formats, bigNumbers]) => {
    const body: Record<string, unknown> = { ...valid };
    texts.forEach((k, i) => { body[k] = values[i]; });
    formatted.forEach((k, i) => { body[k] = formats[i]; });
    if (bigNumbers) for (const k of numbers) body[k] = maxOf(props[k]);
    return { what: `${JSON.stringify(Object.fromEntries([...texts, ...formatted].map((k) => [k, body[k]])))}${bigNumbers ? ', numbers at their maximum' : ''}`, body };
  });
}

/**
 * `runs` samples of `arb` that `keep` takes, from a fixed seed: drawn in a bounded batch (a
 * filter fast-check retries could spin for ever on a schema that refuses nearly everything).
 */
export function samples(arb: fc.Arbitrary<Mutation>, keep: (m: Mutation) => boolean, seed: number, runs: number): Mutation[] {
  const seen = new Set<string>();
  return fc.sample(arb, { seed, numRuns: runs * 20 }).filter((m) => !seen.has(m.what) && seen.add(m.what) && keep(m)).slice(0, runs);
}

const maxOf = (s: JsonSchema): number => {
  const branch = [s, ...(s.anyOf ?? [])].find((b) => typesOf(b).some((t) => t === 'integer' || t === 'number')) ?? s;
  return branch.maximum ?? (branch.exclusiveMaximum !== undefined ? branch.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER);
};

/**
 * Raw JSON a serializer would not write: prototype keys, nesting deeper than any body, a megabyte
 * of text. Each goes in place of a field the body has (`field`), so that a parser or schema that
 * let it through would still have a body it must refuse.
 */
export function rawAttacks(valid: Record<string, unknown>, field: string | undefined, textLimit: number | undefined): { what: string; raw: string }[] {
  const key = field ?? 'unknown';
  const rest = JSON.stringify({ ...valid, [key]: undefined }).slice(1, -1);
  const body = (value: string) => `{${rest}${rest ? ',' : ''}${JSON.stringify(key)}:${value}}`;
  const depth = 100_000;
  return [
    { what: '__proto__ key', raw: body('{"__proto__":{"isAdmin":true}}') },
    { what: 'top-level __proto__ key', raw: `{"__proto__":{"isAdmin":true},${rest}}`.replace(/,}$/, '}') },
    { what: 'constructor.prototype key', raw: body('{"constructor":{"prototype":{"isAdmin":true}}}') },
    { what: `arrays nested ${depth} deep`, raw: body(`${'['.repeat(depth)}${']'.repeat(depth)}`) },
    { what: `objects nested ${depth} deep`, raw: body(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) },
    ...(field && textLimit !== undefined && textLimit < 1024 * 1024 ? [{ what: `1 MB in ${field}`, raw: body(JSON.stringify('x'.repeat(1024 * 1024))) }] : []),
  ];
}
