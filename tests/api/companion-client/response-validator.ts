/**
 * Checks an answer against what the OpenAPI document declares for its operation and status
 * (issue 39): the status must be declared (or `default`), a JSON body must match the declared
 * schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses, with formats: date-time, uri…), and
 * the declared required headers (Retry-After) must be there. `$ref`s are resolved by Ajv inside
 * the document, as a generator resolves them.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** An OpenAPI document read key by key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON by nature
type Json = any;

// ajv-formats is CommonJS with a default export: under Node's ESM loader the function is `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const DOCUMENT_ID = 'openapi.json';
const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

export interface CheckedAnswer {
  operation: string;
  status: number;
  problems: string[];
}

export function responseValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const at = (pointer: string): Json =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((node: Json, key) => node?.[key], document);

  /** The problems of one answer (none: it is what the document says). */
  return async function check(method: string, schemaPath: string, response: Response): Promise<CheckedAnswer> {
    const operation = `${method.toUpperCase()} ${schemaPath}`;
    const problems: string[] = [];
    const base = `#/paths/${escapePointer(schemaPath)}/${method.toLowerCase()}/responses`;
    const responses = at(base);
    if (!responses) return { operation, status: response.status, problems: [`${operation} is not in the document`] };
    const declared = responses[String(response.status)] ? String(response.status) : responses.default ? 'default' : undefined;
    if (!declared) return { operation, status: response.status, problems: [`${operation} answered ${response.status}, not declared`] };
    let pointer = `${base}/${declared}`;
    let answer = responses[declared];
    if (answer.$ref) {
      pointer = answer.$ref;
      answer = at(answer.$ref);
    }
    for (const [name, header] of Object.entries((answer.headers ?? {}) as Record<string, Json>)) {
      const required = header.$ref ? at(header.$ref).required : header.required;
      if (required && !response.headers.has(name)) problems.push(`${operation} ${response.status}: header ${name} missing`);
    }
    const type = response.headers.get('content-type') ?? '';
    if (answer.content?.['application/json']) {
      if (!type.startsWith('application/json')) problems.push(`${operation} ${response.status}: content-type ${type}, JSON declared`);
      else {
        const validate = schemaAt(`${pointer}/content/application~1json/schema`);
        const body: unknown = await response.clone().json();
        if (!validate(body))
          problems.push(`${operation} ${response.status}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 4000)}`);
      }
    } else if (answer.content && !Object.keys(answer.content).some((media) => type.startsWith(media))) {
      problems.push(`${operation} ${response.status}: content-type ${type} not among ${Object.keys(answer.content).join(', ')}`);
    }
    return { operation, status: response.status, problems };
  };
}
