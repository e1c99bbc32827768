import type { JsonSchema, OpenApiDocument } from '@registrar-panel/contract/api';

/*
 * What an OpenAPI 3.1 document must hold, checked by hand (no validator package is installed for
 * it): required fields, path templates and their parameters, references that resolve, declared
 * tags and security schemes, unique operation ids. Each problem is one line of text.
 */

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every `$ref` in a value, wherever it sits. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function resolves(document: OpenApiDocument, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const name = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, name)) return false;
    node = (node as Record<string, unknown>)[name];
  }
  return node !== null && typeof node === 'object';
}

export function openApiProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(document.openapi)) problems.push(`openapi is ${document.openapi}, not 3.1.x`);
  if (!document.info?.title || !document.info?.version) problems.push('info needs a title and a version');
  const tags = new Set(document.tags.map((tag) => tag.name));
  const schemes = new Set(Object.keys(document.components.securitySchemes));
  for (const [name, scheme] of Object.entries(document.components.securitySchemes)) {
    if (scheme.type !== 'http' || scheme.scheme !== 'bearer') problems.push(`security scheme ${name} is not HTTP bearer`);
  }
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!methods.includes(method)) problems.push(`${where}: not an HTTP method`);
      if (!operation) continue;
      if (operationIds.has(operation.operationId)) problems.push(`${where}: operationId ${operation.operationId} is used twice`);
      operationIds.add(operation.operationId);
      if (!operation.summary) problems.push(`${where}: no summary`);
      for (const tag of operation.tags) if (!tags.has(tag)) problems.push(`${where}: tag ${tag} is not declared`);
      for (const requirement of operation.security) {
        for (const name of Object.keys(requirement)) if (!schemes.has(name)) problems.push(`${where}: security scheme ${name} is not declared`);
      }
      const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
      for (const name of templated) {
        const parameter = inPath.find((candidate) => candidate.name === name);
        if (!parameter) problems.push(`${where}: no path parameter ${name}`);
        else if (!parameter.required) problems.push(`${where}: path parameter ${name} is not required`);
      }
      for (const parameter of inPath) if (!templated.includes(parameter.name)) problems.push(`${where}: path parameter ${parameter.name} is not in the path`);
      const names = operation.parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      if (new Set(names).size !== names.length) problems.push(`${where}: a parameter is listed twice`);
      const statuses = Object.keys(operation.responses);
      if (statuses.length === 0) problems.push(`${where}: no responses`);
      for (const status of statuses) {
        if (!/^[1-5]\d\d$/.test(status)) problems.push(`${where}: response ${status} is not a status`);
        if (!operation.responses[status]?.description) problems.push(`${where}: response ${status} has no description`);
      }
    }
  }
  for (const ref of new Set(refsIn(document))) if (!resolves(document, ref)) problems.push(`$ref ${ref} does not resolve`);
  const schemas: Record<string, JsonSchema> = document.components.schemas;
  for (const [name, schema] of Object.entries(schemas)) if ('$schema' in schema || '$id' in schema) problems.push(`schema ${name} carries $schema or $id`);
  return problems;
}
