/**
 * The published OpenAPI document (issue 39, ADR 036): @fastify/swagger's document of the zod
 * schemas, finished with what a generated client needs and the schemas cannot say —
 * operationIds from the contract's route names, tags, summaries and rules (operations.ts), who
 * may call (security), every status an operation answers with the shared error envelope,
 * Retry-After, the Idempotency-Key and Accept-Language headers, the multipart bodies, integer ids,
 * date-time timestamps, money in lei, and `servers`.
 *
 * Pure: takes the generated document and returns a new one. The plugin (plugins/openapi.ts)
 * serves it and scripts/generate/build-openapi.ts writes it to docs/api/openapi.json.
 */
import { contractRoutes } from './contract-routes.ts';
import { OPERATIONS, TAGS, type OperationDoc } from './operations.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, SUPPORTED_LOCALES, DEFAULT_LOCALE } from '#contract/constants.ts';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '#contract/auth.ts';
import { TICKET_ATTACHMENT_FIELD, TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_TYPES } from '#contract/support.ts';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_HOURS } from '#server/plugins/idempotency.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/lib/http-error.ts';
import { GONE_REASONS } from '#contract/catalog-constants.ts';
import { translate } from '#server/lib/i18n.ts';

/** A JSON value of the document: read and written key by key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document is untyped JSON here
type Json = any;

/** Routes that exist only outside production (the outbox of codes, the operator's stand-in, the sandbox payment page). */
export const DEVELOPMENT_ONLY_PREFIXES = ['/api/dev/', '/api/payments/'] as const;

export const isDevelopmentOnly = (url: string) => DEVELOPMENT_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix));

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Money fields of the answers and requests: numbers in lei (RON) with at most two decimals. */
const MONEY_FIELDS = new Set([
  'price',
  'discount_price',
  'prior_price',
  'min_price',
  'max_price',
  'unit_price',
  'line_total',
  'subtotal',
  'delivery_charge',
  'coupon_discount',
  'payable_amount',
  'tax_amount',
  'total_amount',
  'order_tax_amount',
  'min_order_amount',
  'amount',
  'items_amount',
  'delivery_refund',
  'refund_amount',
]);
const MONEY_DESCRIPTION = 'Money in lei (RON), a number with at most two decimals.';

const ro = (key: string, vars?: Record<string, string | number>) => translate(DEFAULT_LOCALE, key, vars);

/** The error envelope (plugins/errors.ts): every error answer has a message in the request's language. */
const errorResponseSchema = {
  type: 'object',
  description: "An error: `message` is in the request's language (Accept-Language, Romanian by default).",
  required: ['message'],
  properties: { message: { type: 'string' } },
};
/** A 410 (issue 36/37): the message, and why — the app shows the listing's or the shop's screen by it. */
const goneResponseSchema = {
  type: 'object',
  description: "Taken down or no longer listed: `message` is in the request's language; `reason` says why.",
  required: ['message', 'reason'],
  properties: { message: { type: 'string' }, reason: { type: 'string', enum: [...GONE_REASONS] } },
};
const validationErrorResponseSchema = {
  type: 'object',
  description:
    'Invalid input (product §7): `message` is the first problem; `errors` lists the messages per field (dotted paths, `request` for the request as a whole). A refused state (a closed ticket, an order past cancelling) has `message` alone.',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

const retryAfter = {
  description: 'Seconds to wait before trying again.',
  required: true,
  schema: { type: 'integer', minimum: 0 },
};

const errorAnswer = (description: string, example: object, schema = 'ErrorResponse', headers?: object) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example } },
});

/** The shared error answers, each with a real message of the product (Romanian, the default) as its example. */
function errorResponses() {
  return {
    BadRequest: errorAnswer('The body cannot be read (malformed JSON or multipart).', { message: ro('errors.malformed_form') }),
    Unauthorized: errorAnswer('No live session: the bearer token is missing, unknown, expired or revoked.', {
      message: ro('auth.unauthenticated'),
    }),
    NotFound: errorAnswer("Nothing of that id for this shopper (another shopper's resource answers the same).", {
      message: ro('order.not_found'),
    }),
    Conflict: errorAnswer('The first request with this Idempotency-Key is still running; retry shortly.', {
      message: ro('idempotency.key_reused'),
    }),
    Gone: errorAnswer(
      'Taken down after a report (removed, suspended) or no longer listed (its shop has no complete trader identity).',
      { message: ro('listing.product_unlisted'), reason: 'shop_unlisted' },
      'GoneResponse',
    ),
    PayloadTooLarge: errorAnswer('The body is larger than the server reads (1 MiB of JSON).', {
      message: 'Request body is too large',
    }),
    UnsupportedMediaType: errorAnswer('The body is neither JSON nor a multipart form.', {
      message: 'Unsupported Media Type: text/plain',
    }),
    ValidationFailed: errorAnswer(
      'Invalid input, with the messages per field.',
      { message: ro('validation.phone_required'), errors: { phone: [ro('validation.phone_required')] } },
      'ValidationErrorResponse',
    ),
    TooManyRequests: errorAnswer(
      'A limit was reached (per address, phone or account); Retry-After says when to try again.',
      { message: ro('auth.too_many_requests', { seconds: 60 }) },
      'ErrorResponse',
      { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    ),
    InternalError: errorAnswer('An unexpected failure (logged); the message says nothing more.', {
      message: 'Something went wrong on our side. Please try again.',
    }),
    ServiceUnavailable: errorAnswer(
      `The service cannot answer now (the database unreachable, codes undeliverable, the storefront not configured yet); retry after Retry-After seconds (${DATABASE_RETRY_AFTER_SECONDS} unless the answer says otherwise).`,
      { message: ro('errors.service_unavailable') },
      'ErrorResponse',
      { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    ),
  };
}

const ERROR_COMPONENT: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationFailed',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const idempotencyKeyPattern = IDEMPOTENCY_KEY_PATTERN.flags.includes('i')
  ? IDEMPOTENCY_KEY_PATTERN.source.replaceAll('[0-9a-f]', '[0-9a-fA-F]')
  : IDEMPOTENCY_KEY_PATTERN.source;

const parameters = {
  AcceptLanguage: {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description: `The language of messages and texts: the first of ${SUPPORTED_LOCALES.join(', ')} by preference, ${DEFAULT_LOCALE} otherwise.`,
    schema: { type: 'string', example: 'ro-RO,ro;q=0.9,en;q=0.8' },
  },
  IdempotencyKey: {
    name: IDEMPOTENCY_HEADER,
    in: 'header',
    required: false,
    description: `A UUID chosen by the client per change. The first answer is stored with the change, in one transaction, for ${IDEMPOTENCY_TTL_HOURS / 24} days: a retry with the same key and body replays it (header ${IDEMPOTENT_REPLAYED_HEADER}: true) without changing anything again; the same key with another body answers 422; while the first is still running, 409. Without the header the change simply runs.`,
    schema: { type: 'string', pattern: idempotencyKeyPattern, example: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  },
};

/** Multipart bodies, from the limits the server reads them with. */
function multipartBody(kind: NonNullable<OperationDoc['multipart']>, jsonSchema: Json): Json {
  const mb = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;
  if (kind === 'profile-photo') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['photo'],
            properties: {
              photo: {
                type: 'string',
                contentMediaType: PROFILE_PHOTO_TYPES.join(', '),
                description: `The image: ${PROFILE_PHOTO_TYPES.join(', ')} by its content, at most ${mb(PROFILE_PHOTO_MAX_BYTES)}.`,
              },
            },
          },
          encoding: { photo: { contentType: PROFILE_PHOTO_TYPES.join(', ') } },
        },
      },
    };
  }
  if (kind === 'ticket') {
    const properties = {
      ...(jsonSchema?.properties ?? {}),
      [TICKET_ATTACHMENT_FIELD]: {
        type: 'string',
        contentMediaType: TICKET_ATTACHMENT_TYPES.join(', '),
        description: `One optional image: ${TICKET_ATTACHMENT_TYPES.join(', ')} by its content, at most ${mb(TICKET_ATTACHMENT_MAX_BYTES)}.`,
      },
    };
    return {
      required: true,
      content: {
        'application/json': { schema: jsonSchema },
        'multipart/form-data': {
          schema: { type: 'object', required: jsonSchema?.required ?? [], properties },
          encoding: { [TICKET_ATTACHMENT_FIELD]: { contentType: TICKET_ATTACHMENT_TYPES.join(', ') } },
        },
      },
    };
  }
  // The order form: the JSON body's fields as form fields; lists as `name[]` (or `name[0]`…) repeated.
  return {
    required: true,
    content: {
      'application/json': { schema: jsonSchema },
      'multipart/form-data': {
        schema: { ...jsonSchema, description: 'The same fields as form fields; a list is sent as repeated `name[]` fields. No files.' },
      },
    },
  };
}

/** Every schema node under `node`, with the property name it sits under. */
function walkSchemas(node: Json, visit: (schema: Json, name: string) => void, name = '') {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walkSchemas(item, visit, name);
    return;
  }
  visit(node, name);
  for (const [key, child] of Object.entries(node.properties ?? {})) walkSchemas(child, visit, key);
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'prefixItems']) walkSchemas(node[key], visit, name);
}

const hasType = (schema: Json, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/** Ids are whole numbers, timestamps ISO 8601 date-times, money in lei: said the same way in every schema of an operation. */
function normaliseSchemas(operation: Json) {
  const roots = [
    ...(operation.parameters ?? []).map((p: Json) => p.schema),
    ...Object.values(operation.requestBody?.content ?? {}).map((c: Json) => c.schema),
    ...Object.values(operation.responses ?? {}).flatMap((r: Json) => Object.values(r.content ?? {}).map((c: Json) => c.schema)),
  ];
  for (const root of roots) normaliseSchema(root);
}

function normaliseSchema(root: Json) {
  walkSchemas(root, (schema, name) => {
    if ((name === 'id' || name.endsWith('_id')) && hasType(schema, 'number')) {
      schema.type = Array.isArray(schema.type) ? schema.type.map((t: string) => (t === 'number' ? 'integer' : t)) : 'integer';
    }
    if (name.endsWith('_at') && hasType(schema, 'string') && !schema.format) schema.format = 'date-time';
    if (MONEY_FIELDS.has(name) && (hasType(schema, 'number') || hasType(schema, 'integer')) && !schema.description) {
      schema.description = MONEY_DESCRIPTION;
    }
  });
}

const securityOf = (access: OperationDoc['access']) =>
  access === 'public' ? [] : access === 'signed-in' ? [{ bearer: [] }] : [{}, { bearer: [] }];

function describeOperation(key: string, operation: Json, doc: OperationDoc, operationId: string) {
  const hasPathParameters = (operation.parameters ?? []).some((p: Json) => p.in === 'path');
  const hasInput = (operation.parameters ?? []).length > 0 || Boolean(operation.requestBody) || Boolean(doc.multipart);
  const hasBody = Boolean(operation.requestBody) || Boolean(doc.multipart) || key.startsWith('POST ') || key.startsWith('PUT ');

  const statuses = new Set<number>([429, 500, 503, ...(doc.errors ?? [])]);
  if (doc.access === 'signed-in') statuses.add(401);
  if (hasPathParameters) statuses.add(404);
  if (hasInput || doc.idempotent) statuses.add(422);
  if (doc.idempotent) statuses.add(409);
  if (hasBody) for (const status of [400, 413, 415]) statuses.add(status);

  const responses: Json = {};
  for (const [status, answer] of Object.entries(operation.responses ?? {}) as [string, Json][]) {
    responses[status] = {
      ...answer,
      description: answer.description === 'Default Response' ? `${doc.summary}: the answer.` : answer.description,
    };
  }
  if (doc.answersBytes) {
    responses['200'] = {
      description: 'The image bytes, with their content type.',
      content: Object.fromEntries(TICKET_ATTACHMENT_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
    };
  }
  if (doc.idempotent) {
    for (const answer of Object.values(responses) as Json[]) {
      if (answer.content?.['application/json'])
        answer.headers = {
          [IDEMPOTENT_REPLAYED_HEADER]: {
            description: `"true" when this is the stored answer of an earlier request with the same ${IDEMPOTENCY_HEADER}.`,
            schema: { type: 'string', enum: ['true'] },
          },
        };
    }
  }
  for (const status of [...statuses].sort((a, b) => a - b)) {
    if (responses[String(status)]) continue;
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_COMPONENT[status]}` };
  }

  const headerParameters = [
    ...(doc.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    { $ref: '#/components/parameters/AcceptLanguage' },
  ];
  const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
  return {
    operationId,
    tags: [doc.tag],
    summary: doc.summary,
    description: doc.description,
    ...(doc.deprecated && { deprecated: true }),
    security: securityOf(doc.access),
    parameters: [...(operation.parameters ?? []), ...headerParameters],
    ...(doc.multipart
      ? { requestBody: multipartBody(doc.multipart, jsonBody) }
      : operation.requestBody && { requestBody: operation.requestBody }),
    responses,
  };
}

/** `servers`: the given origin, or relative: the origin that serves the document (the PWA and its API share it). */
export const serversFor = (origin: string | undefined) =>
  origin
    ? [{ url: origin, description: 'This server.' }]
    : [{ url: '/', description: 'The origin that serves this document (the PWA and its API share it).' }];

export interface DocumentOptions {
  /** `servers`: the origin the document is served from or configured (PUBLIC_ORIGIN); absent → relative to the document. */
  origin?: string;
}

/** The published document from @fastify/swagger's: see the module comment. */
export function finishDocument(generated: Json, options: DocumentOptions = {}): Json {
  const source = structuredClone(generated);
  const operationIds = contractRoutes();
  const paths: Json = {};
  for (const [path, methods] of Object.entries(source.paths ?? {}) as [string, Json][]) {
    if (isDevelopmentOnly(path)) continue;
    const described: Json = {};
    for (const method of METHODS) {
      const operation = methods[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const doc = OPERATIONS[key];
      normaliseSchemas(operation);
      described[method] = doc ? describeOperation(key, operation, doc, doc.operationId ?? operationIds.get(key) ?? '') : operation;
    }
    paths[path] = described;
  }
  return {
    openapi: source.openapi,
    info: {
      ...source.info,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Talcioc' },
      contact: { name: 'Talcioc' },
    },
    servers: serversFor(options.origin),
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      ...source.components,
      schemas: {
        ...source.components?.schemas,
        ErrorResponse: errorResponseSchema,
        GoneResponse: goneResponseSchema,
        ValidationErrorResponse: validationErrorResponseSchema,
      },
      responses: errorResponses(),
      headers: { RetryAfter: retryAfter },
      parameters,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session token of /api/login, /api/verify-otp-register, /api/auth/{provider}/token or /api/change-password (`data.access.token.token`), sent as `Authorization: Bearer <token>`. Sessions expire when idle and end at logout.',
        },
      },
    },
  };
}
