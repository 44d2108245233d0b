import { createHash } from "node:crypto";
import { z } from "zod";
import {
  type CreateDocumentOptions,
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import type { Endpoint } from "@/lib/api/endpoint";
import { PER_PAGE_MAX } from "@/lib/api/pagination";
import { PUBLISHABLE_SCOPES } from "@/lib/api/scopes";
import {
  errorEnvelope,
  idempotencyKeyParam,
  pageMetaSchema,
  preferParam,
  RESPONSE_HEADERS,
} from "./components";
import { V1_ENDPOINTS } from "./endpoints";
import { COMMON_HEADERS, errorResponses } from "./error-responses";
import { attachExamples } from "./examples";
import { GUIDE, guideMarkdown } from "./guide";
import { readableSchemas } from "./schema-override";
import { TAGS } from "./tags";
import { webhookEvents } from "./webhook-events";

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "service_sk_… or service_pk_…",
    description: "`Authorization: Bearer service_sk_…`",
  },
  apiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key", description: "`X-API-Key: service_sk_…`" },
} as const;

const PAGINATION_DOCS: Record<string, string> = {
  page: "Page requested, from 1.",
  per_page: `Items per page, at most ${PER_PAGE_MAX}.`,
};

/** The shared pagination fields carry no description of their own; list operations lend them one. */
function describedQuery(query: z.ZodObject): z.ZodObject {
  const described = Object.entries(query.shape)
    .filter(([name, field]) => PAGINATION_DOCS[name] && !field.description)
    .map(([name, field]) => [name, field.meta({ description: PAGINATION_DOCS[name] })]);
  return described.length > 0 ? query.extend(Object.fromEntries(described)) : query;
}

function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

const OPENAPI_METHOD = { GET: "get", POST: "post", PATCH: "patch", DELETE: "delete" } as const;

function operationObject(op: Endpoint): ZodOpenApiOperationObject {
  const body = op.documentedBody ?? op.body;
  const keyNote = PUBLISHABLE_SCOPES.includes(op.scope) ? "" : " (secret `service_sk_` keys only)";
  const data = op.list ? z.array(op.response) : op.response;
  const envelope = z
    .object({ success: z.literal(true), data, ...(op.list ? { meta: pageMetaSchema } : {}) })
    .meta({ id: `${pascal(op.operationId)}Response` });
  const responses: ZodOpenApiResponsesObject = {
    [String(op.status)]: {
      description: op.status === 201 ? "Created" : "OK",
      headers: COMMON_HEADERS,
      content: { "application/json": { schema: envelope } },
    },
  };
  if (op.respondAsync) {
    const queued = z
      .object({ success: z.literal(true), data: op.respondAsync.response })
      .meta({ id: `${pascal(op.operationId)}AcceptedResponse` });
    responses["202"] = {
      description: op.respondAsync.description,
      headers: {
        ...COMMON_HEADERS,
        "Preference-Applied": { $ref: "#/components/headers/Preference-Applied" },
        Location: { $ref: "#/components/headers/Location" },
      },
      content: { "application/json": { schema: queued } },
    };
  }
  for (const [status, response] of errorResponses(op)) responses[status] = response;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Required scope: \`${op.scope}\`${keyNote}.`].filter(Boolean).join("\n\n"),
    security: [{ bearerAuth: [op.scope] }, { apiKeyHeader: [op.scope] }],
    "x-required-scope": op.scope,
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.list ? describedQuery(op.query) : op.query } : {}),
    },
    ...(op.method === "POST"
      ? { parameters: op.respondAsync ? [idempotencyKeyParam, preferParam] : [idempotencyKeyParam] }
      : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(operations: readonly Endpoint[] = V1_ENDPOINTS): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [OPENAPI_METHOD[op.method]]: operationObject(op) };
  }
  const used = new Set(operations.map((op) => op.tag));
  const options: CreateDocumentOptions = { override: readableSchemas };
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Messaging API",
        version: "1.0.0",
        description: `Customer messaging on WhatsApp: messages, templates, contacts and webhooks.\n\n${guideMarkdown(GUIDE)}`,
      },
      servers: [{ url: "/", description: "This service" }],
      tags: TAGS.filter((t) => used.has(t.name) || t.name === "Events").map((t) => ({ ...t })),
      paths,
      webhooks: webhookEvents(),
      components: {
        securitySchemes: { ...SECURITY_SCHEMES },
        headers: RESPONSE_HEADERS,
        schemas: { ErrorEnvelope: errorEnvelope, PageMeta: pageMetaSchema },
      },
    },
    options,
  );
  return attachExamples(document);
}

let cached: { document: oas31.OpenAPIObject; json: string; etag: string } | undefined;

/** Built on first use and kept for the life of the process: the schemas never change at runtime. */
function built() {
  if (!cached) {
    const document = buildOpenApiDocument();
    const json = JSON.stringify(document);
    cached = {
      document,
      json,
      etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`,
    };
  }
  return cached;
}

export function openApiDocument(): oas31.OpenAPIObject {
  return built().document;
}

/** The serialized document and its strong ETag, for GET /v1/openapi.json. */
export function openApiJson(): { json: string; etag: string } {
  const { json, etag } = built();
  return { json, etag };
}
