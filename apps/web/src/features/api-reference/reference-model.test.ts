import { auditActions, personalDataReadAction } from '@registrar-panel/contract';
import { openApiDocument, type JsonSchema } from '@registrar-panel/contract/api';
import { describe, expect, it } from 'vitest';
import { dataSchemaOf, fieldRows, filterGroups, groupOperations, resolveSchema, responseRows, schemaRules, typeLabel } from './reference-model';

// The real document, as the server would publish it for .be.
const document = openApiDocument({ serverUrl: 'https://portal.example/services', tld: 'be', version: '1.0.0' });
const groups = groupOperations(document);
const find = (method: string, path: string) => groups.flatMap((group) => group.operations).find((entry) => entry.method === method && entry.path === path);

describe('groupOperations', () => {
  it("groups every operation under its tag, in the document's tag order", () => {
    expect(groups.map((group) => group.name)).toEqual(document.tags.map((tag) => tag.name));
    const count = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(groups.reduce((sum, group) => sum + group.operations.length, 0)).toBe(count);
    expect(groups[0]?.operations[0]).toMatchObject({ method: 'GET', path: '/domains/search' });
  });
});

describe('filterGroups', () => {
  it('keeps the operations whose texts hold every word, and drops groups left empty', () => {
    const csv = filterGroups(groups, 'CSV billing');
    expect(csv.flatMap((group) => group.operations.map((entry) => entry.path))).toEqual(['/registrar/finance/billingLines/csv']);
  });

  it('finds the operations an API key may call by their scope', () => {
    const keyed = filterGroups(groups, 'api key domainReport').flatMap((group) => group.operations.map((entry) => entry.operation.operationId));
    expect(keyed).toEqual(['downloadDomainReport']);
  });

  it('keeps everything for an empty filter and nothing for a word no operation has', () => {
    expect(filterGroups(groups, '  ')).toEqual(groups);
    expect(filterGroups(groups, 'zzzz')).toEqual([]);
  });
});

describe('types and rules', () => {
  it('labels nullable, arrays, references, enums and dates', () => {
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/PanelUser' } })).toBe('array of PanelUser');
    expect(typeLabel({ anyOf: [{ $ref: '#/components/schemas/DomainTransfer' }, { type: 'null' }] })).toBe('DomainTransfer or null');
    expect(typeLabel({ type: 'string', enum: ['a', 'b', 'c'] })).toBe('one of 3 values');
    expect(typeLabel({ type: 'string', format: 'date' })).toBe('string (date)');
  });

  it("says a parameter's bounds, choices and default, not zod's safe-integer bounds", () => {
    const size = find('GET', '/domains/search')?.operation.parameters.find((parameter) => parameter.name === 'size');
    expect(size && schemaRules(size.schema)).toEqual(['from 1', 'up to 100', 'default 100']);
    expect(schemaRules({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual([]);
  });
});

describe('fieldRows', () => {
  it("flattens a body's nested object under its parent, with what is required", () => {
    const body = find('PUT', '/registrar')?.operation.requestBody?.content['application/json']?.schema;
    const rows = body ? fieldRows(document, body) : [];
    expect(rows.find((row) => row.name === 'address.countryCode')).toMatchObject({ depth: 1, required: true, description: 'ISO 3166-1 alpha-2, upper case.' });
    expect(rows.find((row) => row.name === 'address.street2')).toMatchObject({ required: false });
  });

  it("reads an answer's data through its components, arrays marked `[]`", () => {
    const ok = find('GET', '/domains/search')?.operation.responses['200'];
    const data = ok ? dataSchemaOf(document, ok) : undefined;
    const names = data ? fieldRows(document, data).map((row) => row.name) : [];
    expect(names).toEqual(expect.arrayContaining(['results', 'results[].uLabel', 'results[].registrant.handle', 'totalResults', 'checkpoint']));
  });

  it('has no data rows for an answer whose data is always null, nor for a CSV', () => {
    const deleted = find('DELETE', '/users/{username}')?.operation.responses['200'];
    const csv = find('GET', '/domains/search/csv')?.operation.responses['200'];
    expect(deleted && dataSchemaOf(document, deleted)).toBeUndefined();
    expect(csv && dataSchemaOf(document, csv)).toBeUndefined();
  });
});

describe('fieldRows of a union of objects', () => {
  // Three kinds of pet told apart by `kind`: two fixed values and a pattern.
  const pet = (kind: JsonSchema, properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
    type: 'object',
    properties: { kind, ...properties },
    required: ['kind', ...required],
  });
  const synthetic = {
    ...document,
    components: {
      ...document.components,
      schemas: {
        Cat: pet(
          { type: 'string', const: 'cat' },
          { name: { type: 'string' }, claws: { type: 'integer' }, toy: { type: 'object', properties: { colour: { type: 'string' } } } },
          ['name'],
        ),
        Dog: pet(
          { type: 'string', enum: ['dog'] },
          {
            name: { type: 'string' },
            claws: { type: ['string', 'null'] },
            toy: { type: 'object', properties: { squeaks: { type: 'boolean' } }, required: ['squeaks'] },
          },
          ['name', 'toy'],
        ),
        Robot: pet({ type: 'string', pattern: '^robot\\.[\\s\\S]{0,}$' }, { name: { type: 'string', description: 'Its serial.' } }, []),
        Pet: { anyOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Robot' }] },
        Owner: { type: 'object', properties: { pet: { anyOf: [{ $ref: '#/components/schemas/Cat' }, { type: 'null' }] } }, required: ['pet'] },
      },
    },
  };
  const rows = fieldRows(synthetic, { type: 'object', properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } });
  const row = (name: string) => rows.find((candidate) => candidate.name === name);

  it('lists each field once, required only where every member requires it', () => {
    expect(rows.map(({ name }) => name)).toEqual([
      'pets',
      'pets[].kind',
      'pets[].name',
      'pets[].claws',
      'pets[].toy',
      'pets[].toy.colour',
      'pets[].toy.squeaks',
    ]);
    expect(row('pets')?.type).toBe('array of Pet');
    expect(row('pets[].kind')?.required).toBe(true);
    expect(row('pets[].name')).toMatchObject({ required: false, type: 'string', description: 'Its serial.', rules: [] });
    expect(row('pets[].toy')?.required).toBe(false);
  });

  it("shows the members' fixed values and pattern as one choice", () => {
    expect(row('pets[].kind')).toMatchObject({ type: 'one of 2 values or a pattern', rules: ['one of: cat, dog', 'or matching ^robot\\.'] });
  });

  it('gives each distinct type once and says which members carry a field not all have', () => {
    expect(row('pets[].claws')).toMatchObject({ type: 'integer or string or null', rules: ['for: cat, dog'] });
    expect(row('pets[].toy.colour')).toMatchObject({ depth: 2, required: false, rules: ['for: cat'] });
    // The dog's toy requires it, the cat's has none: a client cannot count on it.
    expect(row('pets[].toy.squeaks')).toMatchObject({ required: false, rules: ['for: dog'] });
  });

  it('still reads an object or null as that object, not as a union', () => {
    const owner = fieldRows(synthetic, { $ref: '#/components/schemas/Owner' });
    expect(owner.find(({ name }) => name === 'pet')).toMatchObject({ type: 'Cat or null', required: true });
    expect(owner.find(({ name }) => name === 'pet.claws')).toMatchObject({ required: false, rules: [] });
    expect(typeLabel({ anyOf: [{ type: 'object' }, { type: 'object' }] })).toBe('object');
  });

  it("reads the history's entry as one list of fields, its details merged across the actions", () => {
    const ok = find('GET', '/registrar/history')?.operation.responses['200'];
    const data = ok ? dataSchemaOf(document, ok) : undefined;
    const history = data ? fieldRows(document, data) : [];
    const entry = (name: string) => history.find((candidate) => candidate.name === `entries[].${name}`);
    expect(history.filter(({ depth }) => depth === 1).map(({ name }) => name)).toEqual(
      ['id', 'at', 'username', 'action', 'details', 'ip'].map((name) => `entries[].${name}`),
    );
    // The audit actions, then the personal-data log's one action (ADMIN only), or a sign-in.
    const actions = [...auditActions, personalDataReadAction];
    expect(entry('action')).toMatchObject({
      required: true,
      type: `one of ${actions.length} values or a pattern`,
      rules: [`one of: ${actions.join(', ')}`, 'or matching ^signIn\\.'],
    });
    expect(entry('username')).toMatchObject({ required: true, type: 'string or null' });
    expect(entry('details')).toMatchObject({ required: true, type: 'object' });
    expect(entry('details.email')).toMatchObject({ required: false, type: 'string', rules: ['for: user.create, user.delete'] });
    expect(entry('details.username')?.rules).toEqual(['for: user.*']);
    expect(entry('details.accessEnd')).toMatchObject({ type: 'string or null', description: 'A day in Brussels, `YYYY-MM-DD`.' });
    // The limit of three levels holds: the changes' own fields are not listed.
    expect(history.some(({ name }) => name.startsWith('entries[].details.changes[].'))).toBe(false);
  });
});

describe('responseRows', () => {
  it('lists the statuses in order, with their media types', () => {
    const rows = responseRows(find('GET', '/domains/search/csv')!.operation);
    expect(rows.map((row) => row.status)).toEqual(['200', '400', '401', '403', '429', '500']);
    expect(rows[0]?.mediaType).toBe('text/csv');
    expect(rows[1]?.response['x-message-keys']).toContain('search.domain.name.invalid');
  });

  it('resolves a reference to its component', () => {
    expect(resolveSchema(document, { $ref: '#/components/schemas/PanelUser' }).properties?.username).toBeDefined();
  });
});
