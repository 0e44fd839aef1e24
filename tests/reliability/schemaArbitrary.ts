import fc from 'fast-check';
import { z } from 'zod';
import { calendarDay, DAY_YEARS } from '../../src/shared/api/day';

/**
 * fast-check arbitraries from a route's zod body, through its JSON Schema (the same one the API
 * document shows): values the schema should accept, to start from, and the fields to break.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema => {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
};

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Whether a property takes an array (itself, or one branch of its union). */
export const takesArray = (s: JsonSchema | undefined): boolean => !!s && (typesOf(s).includes('array') || (s.anyOf ?? []).some(takesArray));

const DAY_PATTERN = (z.toJSONSchema(calendarDay) as JsonSchema).pattern;

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 12, Math.max(minLength, 12));
  const fits = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
  if (s.format === 'email') return fc.constantFrom('a.b@example.com', 'ops@tyre.test');
  if (s.format === 'date-time') return fc.constantFrom(new Date(Date.UTC(2026, 0, 5, 8)).toISOString());
  // A day (calendarDay): its pattern says the shape, the calendar which of those are days.
  if (s.pattern === DAY_PATTERN) {
    return fc.date({ min: new Date(Date.UTC(DAY_YEARS.first, 0, 1)), max: new Date(Date.UTC(DAY_YEARS.last, 11, 31)), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  // Upper-case letters and digits: what a code field accepts, and fine for a name.
  return fc.stringMatching(/^[A-Z][A-Z0-9]*$/).filter((v) => v.length >= Math.max(minLength, 1) && v.length <= maxLength);
}

/** Values a field's name says more about than its schema (checked by a refinement the JSON Schema cannot show). */
const BY_NAME: [RegExp, fc.Arbitrary<unknown>][] = [
  [/phone$/i, fc.constant('13912345678')],
  [/^plateNo$/, fc.constant('沪A12345')],
];

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : 0);
  const max = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : min + 1000), min + 1000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema describes (best effort: a sample is still checked by the zod schema itself). */
export function validArb(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  // A union (most often `T | null`): the branches that are not null come more often.
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((b) => ({ arbitrary: validArb(b, depth + 1), weight: typesOf(b)[0] === 'null' ? 1 : 4 })));
  const [type] = typesOf(s);
  switch (type) {
    case 'string': return stringArb(s);
    case 'integer': return numberArb(s, true);
    case 'number': return numberArb(s, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(validArb(s.items ?? {}, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 2, 2)) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, BY_NAME.find(([re]) => re.test(k))?.[1] ?? validArb(v, depth + 1)]));
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default: return fc.constantFrom('x', 1, true);
  }
}

/**
 * A body the route's schema accepts, built from its JSON Schema with a fixed seed; the smallest
 * one (an empty object) when none of the tries passes.
 */
const samples = new WeakMap<z.ZodType, Record<string, unknown> | null>();
export function sampleBody(schema: z.ZodType, seed = 15): Record<string, unknown> | null {
  if (!samples.has(schema)) samples.set(schema, findSample(schema, seed));
  const found = samples.get(schema);
  return found ? structuredClone(found) : null;
}

function findSample(schema: z.ZodType, seed: number): Record<string, unknown> | null {
  const json = jsonSchemaOf(schema);
  if (typesOf(json)[0] !== 'object' && !json.properties) return null;
  if (schema.safeParse({}).success) return {};
  // Required fields only first (the smallest body), then any.
  const requiredOnly: JsonSchema = { ...json, properties: Object.fromEntries(Object.entries(json.properties ?? {}).filter(([k]) => (json.required ?? []).includes(k))) };
  for (const s of [requiredOnly, json]) {
    for (const value of fc.sample(validArb(s), { seed, numRuns: 40 })) {
      if (schema.safeParse(value).success) return value as Record<string, unknown>;
    }
  }
  return null;
}
