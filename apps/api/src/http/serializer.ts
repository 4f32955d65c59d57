import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;
type SerializerCompiler = Parameters<FastifySchemaCompiler<z.ZodType>>[0];

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plain schema of one JSON type, which may simply allow null as well. */
const isSingleType = (schema: JsonSchema) =>
  typeof schema['type'] === 'string' &&
  schema['type'] !== 'null' &&
  !('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema || 'const' in schema);

/** A key that `schema` (an object schema) requires and `other` does not know, which tells the two apart. */
function tellingKey(schema: JsonSchema, other: JsonSchema): string | undefined {
  if (schema['type'] !== 'object' || other['type'] !== 'object') return undefined;
  const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
  const known = isSchema(other['properties']) ? other['properties'] : {};
  return required.find((key) => !(key in known));
}

/**
 * Rewrites the `anyOf`s zod writes into shapes fast-json-stringify writes without validating the data: fast-json-stringify
 * picks an `anyOf` branch by validating the value against each branch with Ajv, which for a list page means every row.
 * `X or null` becomes one type list, and two object shapes told apart by a required key (a page `{ data, total, ... }`
 * or a count `{ total }`) become `if { required: [key] } then A else B`. Everything else is kept as it is.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isSchema(schema)) return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = simplify(value);
  const anyOf = result['anyOf'];
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.every(isSchema)) return result;
  const [first, second] = anyOf as [JsonSchema, JsonSchema];
  const { anyOf: _anyOf, ...rest } = result;
  const nullable = second['type'] === 'null' ? first : first['type'] === 'null' ? second : undefined;
  if (nullable && isSingleType(nullable)) return { ...rest, ...nullable, type: [nullable['type'], 'null'] };
  const firstKey = tellingKey(first, second);
  const branch = (key: string, then: JsonSchema, otherwise: JsonSchema) => ({
    ...rest,
    type: 'object',
    if: { type: 'object', required: [key] },
    then,
    else: otherwise,
  });
  if (firstKey) return branch(firstKey, first, second);
  const secondKey = tellingKey(second, first);
  if (secondKey) return branch(secondKey, second, first);
  return result;
}

/** The route's zod response schema as a compiled fast-json-stringify function, or null when it has no JSON Schema. */
function compile(schema: z.ZodType): Serialize | null {
  try {
    // Output mode: what the handler returns. Transforms, dates and the like have no JSON Schema and throw here.
    const json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as JsonSchema;
    return fastJson(json) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The response serializer of every route. A route's zod response schema is turned into a JSON Schema once, at start-up,
 * and compiled by fast-json-stringify, which writes only the declared properties (as zod's parse drops undeclared
 * ones) without checking every value of every row again: a list page of 50 rows was checked field by field by zod on
 * every request. A schema without a JSON Schema (a transform, a date) keeps zod's own serializer.
 *
 * `checkResponses` (the tests) also runs zod's check on every response, answering 500 as before when the handler's
 * data does not match its schema, and fails when the compiled serializer writes anything other than zod's output: the
 * whole API test suite checks both.
 */
export function createSerializerCompiler({ checkResponses }: { checkResponses: boolean }) {
  return (route: SerializerCompiler): Serialize => {
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    const schema = route.schema;
    const compiled = schema instanceof z.ZodType ? compile(schema) : null;
    if (!compiled) return zodSerialize;
    if (!checkResponses) return compiled;
    return (data) => {
      const expected = zodSerialize(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled serializer wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
