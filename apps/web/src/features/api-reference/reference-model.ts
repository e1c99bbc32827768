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

const distinct = <T>(items: readonly T[]): T[] => [...new Set(items)];

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
  else if (inner.anyOf ?? inner.oneOf) label = distinct((inner.anyOf ?? inner.oneOf ?? []).map(typeLabel)).join(' or ');
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

/** One object a field list reads: a plain object, or a member of a union of objects named by `tag`. */
interface ObjectVariant {
  schema: JsonSchema;
  tag?: string;
}

const fixedValues = (schema: JsonSchema): unknown[] | undefined => (schema.const === undefined ? schema.enum : [schema.const]);
// zod writes `startsWith('x')` as `^x[\s\S]{0,}$`; a pattern is unanchored, so that tail says nothing.
const patternText = (pattern: string) => pattern.replace(/(?<!\\)\[\\s\\S\](?:\{0,\}|\*)\$$/, '');

/** What names a member of a union by its `key`: the key's one fixed value, or its pattern. */
function variantTag(member: JsonSchema, key: string): string | undefined {
  const value = member.properties?.[key];
  const values = value && fixedValues(value);
  if (values?.length === 1) return String(values[0]);
  return value?.pattern === undefined ? undefined : patternText(value.pattern);
}

/**
 * The members of a union of objects, each named by the value of the field that tells them apart
 * (`action: "user.create"`), else by its component; undefined for any other schema, a nullable one included.
 */
function objectVariants(document: OpenApiDocument, schema: JsonSchema): ObjectVariant[] | undefined {
  const union = resolveSchema(document, schema);
  const members = union.anyOf ?? union.oneOf;
  const objects = members?.map((member) => resolveSchema(document, member)) ?? [];
  if (!members || objects.length < 2 || !objects.every((object) => object.properties)) return undefined;
  const tags = Object.keys(objects[0]?.properties ?? {})
    .filter((key) => objects.every((object) => object.required?.includes(key)))
    .map((key) => objects.map((object) => variantTag(object, key)))
    .find((names) => names.every((name) => name !== undefined) && distinct(names).length === names.length);
  return objects.map((object, index) => {
    const ref = members[index]?.$ref;
    return { schema: object, tag: tags?.[index] ?? (ref ? refName(ref) : `variant ${index + 1}`) };
  });
}

/** A field whose every member holds fixed values or a pattern (a union's tag): one choice among them all. */
function valueChoices(schemas: readonly JsonSchema[]): { type: string; rules: string[] } | undefined {
  if (schemas.length < 2 || schemas.some((schema) => !fixedValues(schema) && schema.pattern === undefined)) return undefined;
  const values = distinct(schemas.flatMap((schema) => fixedValues(schema) ?? []));
  const patterns = distinct(schemas.flatMap((schema) => (fixedValues(schema) || schema.pattern === undefined ? [] : [patternText(schema.pattern)])));
  if (values.length === 0) return undefined;
  const type = [
    values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.length} values`,
    ...(patterns.length === 0 ? [] : [patterns.length === 1 ? 'a pattern' : `${patterns.length} patterns`]),
  ].join(' or ');
  const rules = [...(values.length > 1 ? [`one of: ${values.map(String).join(', ')}`] : []), ...patterns.map((pattern) => `or matching ${pattern}`)];
  return { type, rules };
}

/** The members named short: a family whose every member is among them (`user.create`, `user.delete`, …) as `user.*`. */
function memberNames(tags: readonly string[], scope: readonly string[]): string[] {
  const family = (tag: string) => tag.slice(0, tag.indexOf('.') + 1);
  const whole = (prefix: string) => prefix !== '' && scope.filter((tag) => tag.startsWith(prefix)).every((tag) => tags.includes(tag));
  return distinct(tags.map((tag) => (whole(family(tag)) && tags.filter((other) => family(other) === family(tag)).length > 1 ? `${family(tag)}*` : tag)));
}

/** The text most of them share. */
function mostCommon(texts: readonly string[]): string | undefined {
  const counts = texts.map((text) => texts.filter((other) => other === text).length);
  return texts[counts.indexOf(Math.max(...counts))];
}

interface Carrier {
  property: JsonSchema;
  required: boolean;
  tag: string | undefined;
}

/**
 * One row for a field as the variants that carry it declare it: required only when every variant
 * requires it, each distinct type once, and which of the union's members carry it when not all do.
 */
function fieldRow(
  document: OpenApiDocument,
  name: string,
  depth: number,
  carriers: readonly Carrier[],
  variantCount: number,
  scope: readonly string[] | undefined,
): FieldRow {
  const members = carriers.map(({ property }) => nullable(property));
  const orNull = members.some((member) => member.orNull) ? ' or null' : '';
  const choices = valueChoices(members.map(({ inner }) => inner));
  const description = mostCommon(
    carriers.flatMap(({ property }, index) => {
      const inner = members[index]?.inner ?? {};
      const text = property.description ?? inner.description ?? (inner.$ref ? resolveSchema(document, inner).description : undefined);
      return text === undefined ? [] : [text];
    }),
  );
  const rules = choices?.rules ?? distinct(members.flatMap(({ inner }) => schemaRules(resolveSchema(document, inner))));
  const tags = distinct(carriers.flatMap(({ tag }) => (tag === undefined ? [] : [tag])));
  return {
    name,
    depth,
    type: (choices?.type ?? distinct(members.map(({ inner }) => typeLabel(inner))).join(' or ')) + orNull,
    required: carriers.length === variantCount && carriers.every((carrier) => carrier.required),
    ...(description === undefined ? {} : { description }),
    rules: scope && tags.length < scope.length ? [...rules, `for: ${memberNames(tags, scope).join(', ')}`] : rules,
  };
}

/**
 * The fields of an object schema, nested objects and arrays of objects flattened under their
 * parent (`results[].uLabel`), down to `maxDepth` levels; a component is opened once per branch.
 * A union of objects reads as one object whose fields are merged across its members.
 */
export function fieldRows(document: OpenApiDocument, schema: JsonSchema, maxDepth = 3): FieldRow[] {
  const rows: FieldRow[] = [];
  const tagsOf = (variants: readonly ObjectVariant[]) =>
    variants.some(({ tag }) => tag !== undefined) ? distinct(variants.flatMap(({ tag }) => tag ?? [])) : undefined;
  // `scope` names every member of the union being read, so a field carried by fewer can say by which.
  const visit = (variants: readonly ObjectVariant[], scope: readonly string[] | undefined, prefix: string, depth: number, seen: readonly string[]) => {
    for (const name of distinct(variants.flatMap((variant) => Object.keys(variant.schema.properties ?? {})))) {
      const carriers = variants.flatMap(({ schema: object, tag }) => {
        const property = object.properties?.[name];
        return property ? [{ property, required: object.required?.includes(name) ?? false, tag }] : [];
      });
      rows.push(fieldRow(document, `${prefix}${name}`, depth, carriers, variants.length, scope));
      if (depth + 1 >= maxDepth) continue;
      const children: ObjectVariant[] = [];
      const refs: string[] = [];
      let suffix = '';
      for (const { property, tag } of carriers) {
        const { inner } = nullable(property);
        const element = inner.type === 'array' && inner.items ? nullable(inner.items).inner : inner;
        if (element.$ref && seen.includes(element.$ref)) continue;
        const resolved = resolveSchema(document, element);
        const objects = objectVariants(document, element) ?? (resolved.properties ? [{ schema: resolved }] : []);
        if (objects.length === 0) continue;
        if (element !== inner) suffix = '[]';
        if (element.$ref) refs.push(element.$ref);
        children.push(...objects.map((object) => ({ schema: object.schema, tag: tag ?? object.tag })));
      }
      if (children.length > 0) visit(children, scope ?? tagsOf(children), `${prefix}${name}${suffix}.`, depth + 1, [...seen, ...refs]);
    }
  };
  const top = objectVariants(document, schema) ?? [{ schema: resolveSchema(document, schema) }];
  visit(top, tagsOf(top), '', 0, []);
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
