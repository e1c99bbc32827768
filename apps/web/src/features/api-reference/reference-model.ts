import type { JsonSchema, OpenApiDocument, OpenApiMethod, OpenApiOperation, OpenApiResponse } from '@registrar-panel/contract/api';

/*
 * How the reference page reads the OpenAPI document the server publishes: operations grouped by
 * tag in the document's order, the filter, `$ref`s resolved, and schemas flattened into rows of
 * fields a person can read. No rendering here: components/ draws what these return.
 */

export interface ReferenceOperation {
  method: Uppercase<OpenApiMethod>;
  path: string;
  operation: OpenApiOperation;
}

export interface ReferenceGroup {
  name: string;
  description: string;
  operations: ReferenceOperation[];
}

const methodOrder: OpenApiMethod[] = ['get', 'post', 'put', 'delete'];

/** The operations under each of the document's tags, in the document's order; a tag without any is left out. */
export function groupOperations(document: OpenApiDocument): ReferenceGroup[] {
  const all: ReferenceOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
    methodOrder.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method: method.toUpperCase() as Uppercase<OpenApiMethod>, path, operation }] : [];
    }),
  );
  return document.tags
    .map((tag) => ({ ...tag, operations: all.filter(({ operation }) => operation.tags.includes(tag.name)) }))
    .filter((group) => group.operations.length > 0);
}

/** Whether every word of `text` appears in the operation's method, path, names, texts, roles or key scope (any case). */
export function matchesFilter(entry: ReferenceOperation, tag: string, text: string): boolean {
  const { operation } = entry;
  const haystack = [
    entry.method,
    entry.path,
    tag,
    operation.operationId,
    operation.summary,
    operation.description,
    operation['x-api-key-scope'] ?? '',
    operation['x-api-key-scope'] ? 'api key' : '',
    ...(operation['x-roles'] ?? []),
  ]
    .join(' ')
    .toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The groups with only the operations that match; groups left empty go. */
export function filterGroups(groups: readonly ReferenceGroup[], text: string): ReferenceGroup[] {
  return groups
    .map((group) => ({ ...group, operations: group.operations.filter((entry) => matchesFilter(entry, group.name, text)) }))
    .filter((group) => group.operations.length > 0);
}

/** The component a `$ref` names: `#/components/schemas/PanelUser` → `PanelUser`. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** The schema itself, its `$ref`s followed (to the document's components). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined && hops < 10; hops++) current = document.components.schemas[refName(current.$ref)] ?? {};
  return current;
}

/** A schema that may also be null: the other member, and whether null is allowed. */
function nullable(schema: JsonSchema): { inner: JsonSchema; orNull: boolean } {
  const members = schema.anyOf ?? schema.oneOf;
  if (members?.length === 2 && members.some((member) => member.type === 'null')) {
    return { inner: members.find((member) => member.type !== 'null') ?? {}, orNull: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((type) => type !== 'null');
    return { inner: { ...schema, type: rest.length === 1 ? rest[0] : rest }, orNull: true };
  }
  return { inner: schema, orNull: false };
}

/** A short type: `string`, `integer or null`, `array of PanelUser`, `PanelUser`, `one of 3 values`. */
export function typeLabel(schema: JsonSchema): string {
  const { inner, orNull } = nullable(schema);
  let label: string;
  if (inner.$ref) label = refName(inner.$ref);
  else if (inner.enum) label = inner.enum.length === 1 ? JSON.stringify(inner.enum[0]) : `one of ${inner.enum.length} values`;
  else if (inner.type === 'array') label = `array of ${inner.items ? typeLabel(inner.items) : 'anything'}`;
  else if (inner.anyOf ?? inner.oneOf) label = (inner.anyOf ?? inner.oneOf ?? []).map(typeLabel).join(' or ');
  else if (Array.isArray(inner.type)) label = inner.type.join(' or ');
  else if (inner.type === 'object' && inner.additionalProperties && !inner.properties) label = 'map';
  else label = inner.type ?? 'anything';
  if (inner.format === 'date-time') label += ' (date-time)';
  else if (inner.format === 'date') label += ' (date)';
  return orNull ? `${label} or null` : label;
}

/** The rules of a value a person needs to send it right: bounds, choices, default. */
export function schemaRules(schema: JsonSchema): string[] {
  const { inner } = nullable(schema);
  const rules: string[] = [];
  if (inner.enum && inner.enum.length > 1) rules.push(`one of: ${inner.enum.map((value) => String(value)).join(', ')}`);
  if (inner.minLength !== undefined && inner.minLength > 1) rules.push(`at least ${inner.minLength} characters`);
  if (inner.maxLength !== undefined) rules.push(`at most ${inner.maxLength} characters`);
  // zod writes a whole number's bounds as the safe-integer range when the rule names none.
  if (inner.minimum !== undefined && Math.abs(inner.minimum) < Number.MAX_SAFE_INTEGER) rules.push(`from ${inner.minimum}`);
  if (inner.maximum !== undefined && Math.abs(inner.maximum) < Number.MAX_SAFE_INTEGER) rules.push(`up to ${inner.maximum}`);
  if (inner.minItems !== undefined && inner.minItems > 0) rules.push(`at least ${inner.minItems} items`);
  if (inner.maxItems !== undefined) rules.push(`at most ${inner.maxItems} items`);
  if (inner.default !== undefined) rules.push(`default ${JSON.stringify(inner.default)}`);
  return rules;
}

export interface FieldRow {
  /** Dotted from the top: `address.city`, `results[].uLabel`. */
  name: string;
  /** Nesting level, 0 at the top. */
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  rules: string[];
}

/**
 * The fields of an object schema, nested objects and arrays of objects flattened under their
 * parent (`results[].uLabel`), down to `maxDepth` levels; a component is opened once per branch.
 */
export function fieldRows(document: OpenApiDocument, schema: JsonSchema, maxDepth = 3): FieldRow[] {
  const rows: FieldRow[] = [];
  const visit = (node: JsonSchema, prefix: string, depth: number, seen: readonly string[]) => {
    const object = resolveSchema(document, node);
    const required = new Set(object.required ?? []);
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { inner } = nullable(property);
      const description = property.description ?? inner.description ?? (inner.$ref ? resolveSchema(document, inner).description : undefined);
      rows.push({
        name: `${prefix}${name}`,
        depth,
        type: typeLabel(property),
        required: required.has(name),
        ...(description === undefined ? {} : { description }),
        rules: schemaRules(resolveSchema(document, inner)),
      });
      if (depth + 1 >= maxDepth) continue;
      const element = inner.type === 'array' && inner.items ? nullable(inner.items).inner : inner;
      const ref = element.$ref;
      if (ref && seen.includes(ref)) continue;
      if (resolveSchema(document, element).properties) {
        visit(element, `${prefix}${name}${element === inner ? '' : '[]'}.`, depth + 1, ref ? [...seen, ref] : seen);
      }
    }
  };
  visit(schema, '', 0, []);
  return rows;
}

/** The schema of an answer's `data` in the envelope, or undefined for an answer that is not an envelope or holds no data. */
export function dataSchemaOf(document: OpenApiDocument, response: OpenApiResponse): JsonSchema | undefined {
  const schema = response.content?.['application/json']?.schema;
  const data = schema ? resolveSchema(document, schema).properties?.data : undefined;
  return data && data.type !== 'null' && data.$ref ? data : undefined;
}

/** The statuses of an operation, successes first, each with its media type and message keys. */
export function responseRows(operation: OpenApiOperation): { status: string; response: OpenApiResponse; mediaType: string | undefined }[] {
  return Object.entries(operation.responses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, response]) => ({ status, response, mediaType: Object.keys(response.content ?? {})[0] }));
}
