import { z } from 'zod';
import { API_BASE } from '../../shared/api/envelope';
import type { RouteDef } from './route';

const envelopeOf = (data: unknown) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
};

/** The OpenAPI 3.1 document of every registered call, made from the same zod schemas that validate them. */
export function buildOpenApi(defs: RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of defs) {
    const op: Record<string, unknown> = {
      summary: def.summary,
      tags: [def.tag],
      'x-permission': def.permission,
      security: def.apiKeyHeader ? [{ [def.apiKeyHeader]: [] }] : def.permission === 'public' ? [] : [{ token: [] }],
      responses: {
        200: {
          description: 'Success',
          content: def.raw
            ? { 'application/octet-stream': {} }
            : { 'application/json': { schema: envelopeOf(def.answer ? jsonSchema(def.answer, 'output') : {}) } },
        },
        400: { description: 'Bad input; msg names the field' },
        ...(def.permission === 'public' ? {} : { 401: { description: 'No or expired session' }, 403: { description: 'No permission' } }),
        ...(def.apiKeyHeader ? { 401: { description: `Missing, forged or expired ${def.apiKeyHeader} header` } } : {}),
      },
    };
    if (def.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } };
    }
    (paths[API_BASE + def.url] ??= {})[def.method.toLowerCase()] = op;
  }
  const apiKeys = Object.fromEntries([...new Set(defs.map((d) => d.apiKeyHeader).filter((h): h is string => !!h))]
    .map((name) => [name, { type: 'apiKey', in: 'header', name }]));
  return {
    openapi: '3.1.0',
    info: { title: 'Tyre channel console API', version },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' }, ...apiKeys } },
    paths,
  };
}
