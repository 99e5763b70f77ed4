import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * `X | null` as a type list (`type: ['string', 'null']`), which fast-json-stringify writes with one
 * `null` check. Left as `anyOf`, it would run an ajv validation per value to pick the branch.
 * Every other schema keyword is kept; the serializer reads only the shape.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** An answer that does not fit its response schema: a bug of the handler, answered as a logged 500. */
export class ResponseSchemaError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(`the response of ${method} ${url} does not match its schema`, { cause });
  }
}

const compiled = new WeakMap<object, (data: unknown) => string>();

/** The JSON of a zod response schema's output, compiled once per schema (apps built in a test share them). */
function stringifierFor(schema: z.ZodType): (data: unknown) => string {
  let stringify = compiled.get(schema);
  if (!stringify) {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
    stringify = fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Response serialization from the contract's zod schemas, compiled to fast-json-stringify (Fastify's
 * own serializer) through the schema's JSON Schema. The type provider's compiler parsed every answer
 * with zod and then called JSON.stringify: for a page of 20 products, 39 KB of garbage and 20 µs
 * against the 5 KB of JSON written, so a young-generation collection fell inside about one request
 * in a hundred, and page 1's p99 was a collection's (bench/README.md). This one writes only the
 * properties the schema names (a field a handler adds by mistake is never sent, as zod's parse
 * stripped it) and fails a response that lacks a required one; the types are the handlers'
 * (TypeScript checks them against the same schemas), and the API tests parse every answer with the
 * contract. A failure is a ResponseSchemaError: a logged 500 (plugins/errors.ts).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  const stringify = stringifierFor(schema);
  return (data) => {
    try {
      return stringify(data);
    } catch (cause) {
      throw new ResponseSchemaError(method, url, cause);
    }
  };
};
