import { z } from 'zod';
import { API_BASE } from '../../shared/api/envelope';
import { PAGES } from '../../shared/pages';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_BODIES } from '../../shared/api/webhooks';
import type { RawAnswer } from './rawAnswers';
import type { RouteDef } from './route';
import { getOrThrow, isRecord } from '../../shared/must';

type Schema = Record<string, unknown>;

const envelopeOf = (data: unknown) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Schema => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
};

/** A download's name: `attachment; filename*=UTF-8''…` (RFC 6266), in the caller's language. */
const FILE_NAME_HEADER = { description: 'attachment, with the file\'s name in the caller\'s language', schema: { type: 'string' } };

/**
 * The body a raw route writes (rawAnswers.ts): a file as binary of its media type, a page as its
 * text, a stream of JSON lines as text whose every line is the line schema (`x-ndjson-line`:
 * OpenAPI 3.1 has no keyword for the items of a sequence).
 */
function rawSchemaOf(raw: RawAnswer, base: string, components: Record<string, Schema>): Schema {
  const schema: Schema = { type: 'string', contentMediaType: raw.mediaType, description: raw.description };
  if (raw.mediaType === 'application/json') return { type: 'object', description: raw.description };
  // Inline: a component referred to only from an extension would read as unused.
  if (raw.line) schema['x-ndjson-line'] = hoistDefs(jsonSchema(raw.line, 'output'), `${base}Line`, components);
  return schema;
}

/** `/sys/resource/tree` -> `SysResourceTree`: the name a call's schemas take in `components.schemas`. */
const nameOf = (url: string) => url.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/**
 * Moves the definitions zod puts beside a schema (`$defs`, for a recursive tree) into the
 * document's `components.schemas`, and points their `$ref`s there. Left inside an embedded
 * schema, `#/$defs/__schema0` would be read against the document's root, where nothing is.
 */
function hoistDefs(schema: Schema, base: string, components: Record<string, Schema>): Schema {
  const defs = schema.$defs;
  if (!isRecord(defs)) return schema;
  const { $defs: _defs, ...rest } = schema;
  const names = new Map<string, string>();
  Object.keys(defs).forEach((key, i) => {
    let name = `${base}${i ? i + 1 : ''}`;
    for (let n = 2; name in components; n++) name = `${base}${i ? i + 1 : ''}_${n}`;
    names.set(key, name);
    components[name] = {};
  });
  const point = (value: unknown): Schema => {
    const pointed: unknown = JSON.parse(JSON.stringify(value), (k, v) => (
      k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') && names.has(v.slice(8)) ? `#/components/schemas/${names.get(v.slice(8))}` : v
    ));
    if (!isRecord(pointed)) throw new Error(`${base}: a schema definition is not an object`);
    return pointed;
  };
  for (const [key, def] of Object.entries(defs)) components[getOrThrow(names, key, 'schema definition')] = point(def);
  return point(rest);
}

/** Tags that are not a menu page's path: what their calls are about. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  session: 'Signing in and out, the captcha, the current user and their settings',
  orders: 'Warehouse orders of every type: lists, lines, scanning, completion, cancellation, printing',
  reports: 'Report pages: a page of rows, charts and the export of the whole result',
  analysis: 'Dashboards and analysis: panels, batches and their queries',
  dictionary: 'Dictionary types and their entries',
  role: 'Roles, their grants and data rules',
  users: 'Users: accounts, passwords, freezing',
  resource: 'The resource tree: sections, groups, pages and buttons',
  announcement: 'Announcements to the console\'s users',
  notice: 'New-delivery notices to a dealer',
  mail: 'Messages between the console\'s users',
  tms: 'Stop reports from the transport management system',
  logistics: 'Logistics dispatch: car requests and trips',
  ops: 'Operations: health and the API description',
  imports: 'Imports of xlsx files: the rows read and checked while one runs',
};
const pageTitles = new Map(PAGES.map((p) => [p.path, `${p.section.title['en-US']} › ${p.title['en-US']}`]));
const describeTag = (tag: string) => TAG_DESCRIPTIONS[tag] ?? (pageTitles.has(tag) ? `Calls of the page ${pageTitles.get(tag)}` : `Calls of ${tag}`);

/** `POST /sys/login` -> `sysLogin`; a second method on the same path is prefixed with it (`getSysCaptcha`). */
function operationIdOf(def: RouteDef, taken: Set<string>): string {
  const name = nameOf(def.url);
  let id = name[0].toLowerCase() + name.slice(1);
  if (taken.has(id)) id = def.method.toLowerCase() + name;
  taken.add(id);
  return id;
}
/** A service account's key, in `Authorization: Bearer` or `X-Api-Key` (platform/apiKeys.ts): either authorises any call a session does. */
const KEY_SCHEMES = [{ apiKeyBearer: [] }, { apiKey: [] }];

/** The OpenAPI 3.1 document of every registered call, made from the same zod schemas that validate them. */
export function buildOpenApi(defs: RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, Schema> = {};
  const operationIds = new Set<string>();
  for (const def of defs) {
    const base = nameOf(def.url);
    const answer = def.answer ? hoistDefs(jsonSchema(def.answer, 'output'), `${base}Answer`, schemas) : {};
    const op: Record<string, unknown> = {
      operationId: operationIdOf(def, operationIds),
      summary: def.summary,
      tags: [def.tag],
      'x-permission': def.permission,
      // A session's token (the console), or a service account's API key in either header (docs/integrations.md).
      security: def.apiKeyHeader ? [{ [def.apiKeyHeader]: [] }, ...KEY_SCHEMES] : def.permission === 'public' ? [] : [{ token: [] }, ...KEY_SCHEMES],
      responses: {
        200: {
          description: 'Success',
          ...(def.raw?.file ? { headers: { 'content-disposition': FILE_NAME_HEADER } } : {}),
          content: def.raw
            ? { [def.raw.mediaType]: { schema: rawSchemaOf(def.raw, base, schemas) } }
            : { 'application/json': { schema: envelopeOf(answer) } },
        },
        400: { description: 'Bad input; msg names the field' },
        ...(def.permission === 'public' ? {} : { 401: { description: 'No or expired session' }, 403: { description: 'No permission' } }),
        ...(def.apiKeyHeader ? { 401: { description: `Missing, forged or expired ${def.apiKeyHeader} header or API key` } } : {}),
        ...(def.permission === 'public' && !def.apiKeyHeader ? {} : { 429: { description: 'Over the API key\'s rate limit' } }),
      },
    };
    if (def.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: hoistDefs(jsonSchema(def.body, 'input'), `${base}Body`, schemas) } } };
    }
    (paths[API_BASE + def.url] ??= {})[def.method.toLowerCase()] = op;
  }
  const apiKeys = Object.fromEntries([...new Set(defs.map((d) => d.apiKeyHeader).filter((h): h is string => !!h))]
    .map((name) => [name, { type: 'apiKey', in: 'header', name }]));
  return {
    openapi: '3.1.0',
    webhooks: webhooksOf(schemas),
    info: {
      title: 'Tyre channel console API',
      version,
      description: 'Every call of the console, made from the zod schemas that validate it. Answers are `{ code, msg, data }` (docs/product.md#calls).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the document describes the server that serves it, wherever it is deployed.
    servers: [{ url: '/', description: 'The server this document was read from' }],
    tags: [...new Set(defs.map((d) => d.tag))].sort().map((name) => ({ name, description: describeTag(name) })),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: 'A console session, from POST /sys/login' },
        apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'tcc_…', description: 'A service account\'s API key (System › Service accounts): Authorization: Bearer tcc_…' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The same key in a header of its own' },
        ...apiKeys,
      },
      schemas,
    },
    paths,
  };
}

/**
 * What the product POSTs to a registered endpoint (System › Webhooks, docs/integrations.md): each
 * event's body, and the signature header a receiver checks.
 */
function webhooksOf(components: Record<string, Schema>) {
  return Object.fromEntries(Object.entries(WEBHOOK_BODIES).map(([event, schema]) => {
    const name = `Webhook${nameOf(event)}`;
    components[name] = hoistDefs(jsonSchema(schema, 'output'), name, components);
    return [event, {
      post: {
        operationId: `on${name}`,
        summary: `The ${event} event`,
        // The receiver checks the signature header below, not a scheme of this API.
        security: [],
        description: `Signed: \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>\`; refuse a timestamp older than ${SIGNATURE_TOLERANCE_SECONDS} s. \`x-webhook-id\` is the delivery's id (also the body's \`id\`): the same when a delivery is repeated.`,
        parameters: [
          { name: SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } },
          { name: 'x-webhook-id', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'x-webhook-event', in: 'header', required: true, schema: { type: 'string', const: event } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
        responses: { '2XX': { description: 'Taken; anything else is tried again later (410: never again)' } },
      },
    }];
  }));
}
