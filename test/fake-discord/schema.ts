/**
 * Request-body validation against Discord's own OpenAPI document (spec/openapi.json, MIT, from
 * discord/discord-api-spec; spec/VERSION names the commit).
 *
 * Every route the fake serves names its OpenAPI path and method; the body the bot sent (JSON, or the
 * `payload_json` part of a multipart upload) is validated with ajv against that operation's request-body
 * schema. A failure names the schema path inside the OpenAPI document, e.g.
 * `#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength`.
 *
 * Discord's document models discriminated unions (`components`, interaction callbacks) as plain
 * `oneOf`/`anyOf`; validating those literally produces one error per branch, which buries the real
 * mistake. Before compiling, unions whose branches all require a disjoint `type` are rewritten into
 * `if type = X then <branch>` chains (same accepted language, precise errors), and `oneOf [null, X]`
 * into `if null else X`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

// ajv and ajv-formats are CommonJS: under NodeNext `default` is module.exports, whose own `default` is the
// class / plugin (module.exports is that function too, with `default` pointing at itself).
const Ajv2020 = ajv2020.default.default;
const addFormats = ajvFormats.default.default;

export const OPENAPI_PATH = fileURLToPath(new URL('./spec/openapi.json', import.meta.url));

/** One reason a body was rejected. */
export interface SchemaIssue {
  /** Where in the body, as a JSON pointer (`/data/components/0/components/0/custom_id`). */
  instancePath: string;
  /** Where in Discord's OpenAPI document the violated rule lives. */
  schemaPath: string;
  keyword: string;
  message: string;
}

export interface SchemaResult {
  ok: boolean;
  issues: SchemaIssue[];
}

interface Loaded {
  ajv: InstanceType<typeof Ajv2020>;
  spec: JsonObject;
  /** Schema object -> its JSON pointer in the original document. */
  pointers: Map<object, string>;
  validators: Map<string, ValidateFunction>;
}

let loaded: Loaded | undefined;
/** The document compiled as published, without the union rewrite (to cross-check the rewrite in tests). */
let loadedLiteral: Loaded | undefined;

const SCHEMA_ID = 'https://fake-discord.local/openapi.json';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function recordPointers(node: Json, pointer: string, pointers: Map<object, string>): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => recordPointers(child, `${pointer}/${i}`, pointers));
  } else if (isObject(node)) {
    pointers.set(node, pointer);
    for (const [key, child] of Object.entries(node)) recordPointers(child, `${pointer}/${escapePointer(key)}`, pointers);
  }
}

function resolveRef(spec: JsonObject, ref: string): JsonObject | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = spec;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) return undefined;
    node = node[key] ?? null;
  }
  return isObject(node) ? node : undefined;
}

/** The `type` values a union branch accepts, if it requires `type` and pins it with enum/const. */
function discriminatorValues(spec: JsonObject, branch: Json): Json[] | undefined {
  let target = isObject(branch) ? branch : undefined;
  if (target && typeof target.$ref === 'string') target = resolveRef(spec, target.$ref);
  if (!target) return undefined;
  const required = target.required;
  const props = target.properties;
  if (!Array.isArray(required) || !required.includes('type') || !isObject(props)) return undefined;
  const typeSchema = props.type;
  if (!isObject(typeSchema)) return undefined;
  if (Array.isArray(typeSchema.enum)) return typeSchema.enum;
  if ('const' in typeSchema) return [typeSchema.const ?? null];
  return undefined;
}

/**
 * Rewrites unions in place (see the file comment). `pointers` learns the new wrapper objects under the
 * pointer of the union they replace, so errors raised by a wrapper still point into the original document.
 */
function rewriteUnions(spec: JsonObject, node: Json, pointers: Map<object, string>): void {
  if (Array.isArray(node)) {
    for (const child of node) rewriteUnions(spec, child, pointers);
    return;
  }
  if (!isObject(node)) return;
  for (const child of Object.values(node)) rewriteUnions(spec, child, pointers);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches) || branches.length < 2) continue;
    const here = pointers.get(node) ?? '#';
    const unionPointer = `${here}/${keyword}`;

    const nullBranches = branches.filter((b) => isObject(b) && b.type === 'null' && Object.keys(b).length === 1);
    const others = branches.filter((b) => !nullBranches.includes(b));
    if (nullBranches.length === 1 && others.length === 1 && isObject(others[0])) {
      delete node[keyword];
      const ifNull: JsonObject = { type: 'null' };
      pointers.set(ifNull, unionPointer);
      appendAllOf(node, { if: ifNull, else: others[0] }, pointers, unionPointer);
      continue;
    }

    const values = others.map((b) => discriminatorValues(spec, b));
    if (values.some((v) => v === undefined)) continue;
    const flat = (values as Json[][]).flat();
    if (new Set(flat.map((v) => JSON.stringify(v))).size !== flat.length) continue; // not disjoint
    const nullable = nullBranches.length === 1;
    const chain: JsonObject[] = [];
    const discriminator: JsonObject = {
      type: 'object',
      required: ['type'],
      properties: { type: { enum: flat } },
    };
    pointers.set(discriminator, unionPointer);
    pointers.set(discriminator.properties as object, unionPointer);
    pointers.set((discriminator.properties as JsonObject).type as object, `${unionPointer} (discriminator "type")`);
    others.forEach((branch, i) => {
      const test: JsonObject = { type: 'object', required: ['type'], properties: { type: { enum: values[i] as Json[] } } };
      chain.push({ if: test, then: branch as Json });
    });
    delete node[keyword];
    const body: JsonObject = { allOf: [discriminator, ...chain] };
    pointers.set(body, unionPointer);
    if (nullable) {
      const ifNull: JsonObject = { type: 'null' };
      appendAllOf(node, { if: ifNull, else: body }, pointers, unionPointer);
    } else {
      appendAllOf(node, body, pointers, unionPointer);
    }
  }
}

function appendAllOf(node: JsonObject, schema: JsonObject, pointers: Map<object, string>, pointer: string): void {
  pointers.set(schema, pointer);
  const existing = node.allOf;
  if (Array.isArray(existing)) existing.push(schema);
  else node.allOf = [schema];
}

function load(mode: 'rewritten' | 'literal' = 'rewritten'): Loaded {
  const cached = mode === 'rewritten' ? loaded : loadedLiteral;
  if (cached) return cached;
  const spec = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as JsonObject;
  const pointers = new Map<object, string>();
  recordPointers(spec, '#', pointers);
  if (mode === 'rewritten') {
    rewriteUnions(spec, spec.components ?? null, pointers);
    rewriteUnions(spec, spec.paths ?? null, pointers);
  }

  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, verbose: true });
  addFormats(ajv, ['uri', 'date-time']);
  const INT32 = 2 ** 31;
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addFormat('snowflake', { type: 'string', validate: (s: string) => /^\d{1,20}$/.test(s) && BigInt(s) < 2n ** 64n });
  ajv.addFormat('nonce', { type: 'string', validate: (s: string) => s.length <= 25 });
  ajv.addSchema({ $id: SCHEMA_ID, components: spec.components, paths: spec.paths } as object);
  const state: Loaded = { ajv, spec, pointers, validators: new Map() };
  if (mode === 'rewritten') loaded = state;
  else loadedLiteral = state;
  return state;
}

/** Does the OpenAPI document describe this operation with a request body for this content type? */
export function hasRequestSchema(openapiPath: string, method: string, contentType: string): boolean {
  const { spec } = load();
  const paths = spec.paths as JsonObject;
  const op = (paths[openapiPath] as JsonObject | undefined)?.[method.toLowerCase()];
  if (!isObject(op) || !isObject(op.requestBody)) return false;
  const content = op.requestBody.content;
  return isObject(content) && isObject(content[contentType]);
}

function validatorFor(openapiPath: string, method: string, contentType: string, mode: 'rewritten' | 'literal' = 'rewritten'): ValidateFunction {
  const state = load(mode);
  const key = `${method.toLowerCase()} ${openapiPath} ${contentType}`;
  const cached = state.validators.get(key);
  if (cached) return cached;
  if (!hasRequestSchema(openapiPath, method, contentType)) {
    throw new Error(`OpenAPI document has no ${contentType} request body for ${method.toUpperCase()} ${openapiPath}`);
  }
  const pointer = ['paths', openapiPath, method.toLowerCase(), 'requestBody', 'content', contentType, 'schema']
    .map(escapePointer)
    .join('/');
  const validate = state.ajv.getSchema(`${SCHEMA_ID}#/${pointer}`);
  if (!validate) throw new Error(`could not compile the schema at #/${pointer}`);
  state.validators.set(key, validate);
  return validate;
}

/** Schema path of an ajv error inside Discord's document. */
function schemaPathOf(error: ErrorObject, pointers: Map<object, string>): string {
  const parent = error.parentSchema;
  const base = parent ? pointers.get(parent) : undefined;
  if (base === undefined) return error.schemaPath;
  if (base.includes(' (discriminator')) return base;
  // For keywords whose failing sub-schema is the parent itself (if/then chains), the base is enough.
  if (error.keyword === 'if' || error.keyword === 'allOf') return base;
  return `${base}/${error.keyword}`;
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'maxLength':
      return `Must be ${String(p.limit)} or fewer in length.`;
    case 'minLength':
      return `Must be ${String(p.limit)} or more in length.`;
    case 'maxItems':
      return `Must be ${String(p.limit)} or fewer in length.`;
    case 'minItems':
      return `Must be ${String(p.limit)} or more in length.`;
    case 'required':
      return `This field is required (${String(p.missingProperty)}).`;
    case 'enum':
      return `Value must be one of ${JSON.stringify(p.allowedValues)}.`;
    default:
      return `${error.message ?? error.keyword}.`;
  }
}

/**
 * Validates `body` against the request-body schema of an OpenAPI operation. Multipart uploads are validated
 * by passing their `payload_json` object with contentType 'multipart/form-data'.
 */
export function validateRequestBody(openapiPath: string, method: string, contentType: string, body: unknown): SchemaResult {
  const state = load();
  const validate = validatorFor(openapiPath, method, contentType);
  if (validate(body)) return { ok: true, issues: [] };
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const error of validate.errors ?? []) {
    // if/then wrappers report "must match then schema" next to the real error below it; skip them.
    if (error.keyword === 'if') continue;
    const issue: SchemaIssue = {
      instancePath: error.instancePath,
      schemaPath: schemaPathOf(error, state.pointers),
      keyword: error.keyword,
      message: describe(error),
    };
    const key = `${issue.instancePath}|${issue.keyword}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  // Most specific first: the deepest instance path is the closest to the actual mistake.
  issues.sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length);
  return { ok: false, issues };
}

/** Accept/reject of the document as published (no union rewrite); tests use it to show the rewrite accepts the same bodies. */
export function acceptsLiterally(openapiPath: string, method: string, contentType: string, body: unknown): boolean {
  return validatorFor(openapiPath, method, contentType, 'literal')(body) === true;
}

/** Validates an arbitrary named component schema (used by the fake's own tests to check its responses). */
export function validateComponentSchema(name: string, value: unknown): SchemaResult {
  const state = load();
  const key = `component ${name}`;
  let validate = state.validators.get(key);
  if (!validate) {
    validate = state.ajv.getSchema(`${SCHEMA_ID}#/components/schemas/${escapePointer(name)}`);
    if (!validate) throw new Error(`no schema ${name}`);
    state.validators.set(key, validate);
  }
  if (validate(value)) return { ok: true, issues: [] };
  return {
    ok: false,
    issues: (validate.errors ?? [])
      .filter((e) => e.keyword !== 'if')
      .map((e) => ({
        instancePath: e.instancePath,
        schemaPath: schemaPathOf(e, state.pointers),
        keyword: e.keyword,
        message: describe(e),
      })),
  };
}

/** Returns the list of query parameter names an operation declares (for reporting unexpected ones). */
export function declaredQueryParameters(openapiPath: string, method: string): Map<string, JsonObject> {
  const { spec } = load();
  const pathItem = (spec.paths as JsonObject)[openapiPath];
  const out = new Map<string, JsonObject>();
  if (!isObject(pathItem)) return out;
  const op = pathItem[method.toLowerCase()];
  for (const list of [pathItem.parameters, isObject(op) ? op.parameters : null]) {
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (isObject(p) && p.in === 'query' && typeof p.name === 'string' && isObject(p.schema)) out.set(p.name, p.schema);
    }
  }
  return out;
}

/** Validates query parameters: booleans must be true/false, declared names only. */
export function validateQuery(openapiPath: string, method: string, query: URLSearchParams): SchemaIssue[] {
  const declared = declaredQueryParameters(openapiPath, method);
  const issues: SchemaIssue[] = [];
  for (const [name, value] of query) {
    const schema = declared.get(name);
    if (!schema) {
      issues.push({
        instancePath: `?${name}`,
        schemaPath: `#/paths/${escapePointer(openapiPath)}/${method.toLowerCase()}/parameters`,
        keyword: 'query',
        message: `Unknown query parameter "${name}".`,
      });
      continue;
    }
    if (schema.type === 'boolean' && value !== 'true' && value !== 'false') {
      issues.push({
        instancePath: `?${name}`,
        schemaPath: `#/paths/${escapePointer(openapiPath)}/${method.toLowerCase()}/parameters (${name})`,
        keyword: 'type',
        message: `Must be true or false, got "${value}".`,
      });
    }
  }
  return issues;
}

/** Locales Discord accepts as keys of name_localizations / description_localizations. */
export function availableLocales(): string[] {
  const { spec } = load();
  const schemas = (spec.components as JsonObject).schemas as JsonObject;
  const branches = (schemas.AvailableLocalesEnum as JsonObject).oneOf;
  if (!Array.isArray(branches)) throw new Error('AvailableLocalesEnum is not a oneOf of constants');
  return branches.flatMap((b) => (isObject(b) && typeof b.const === 'string' ? [b.const] : []));
}
