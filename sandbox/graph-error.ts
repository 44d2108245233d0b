import { newTraceId } from "@/sandbox/ids";

export type GraphErrorBody = {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_data?: { messaging_product: "whatsapp"; details: string };
    fbtrace_id: string;
  };
};

/** An answer in the Graph error shape; thrown by handlers, written by the router. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error.message);
  }
}

type Spec = {
  status: number;
  code: number;
  message: string;
  details?: string;
  subcode?: number;
  type?: string;
  transient?: boolean;
  headers?: Record<string, string>;
};

export function graphError(spec: Spec): GraphError {
  const error: GraphErrorBody["error"] = {
    message: spec.message,
    type: spec.type ?? "OAuthException",
    code: spec.code,
    fbtrace_id: newTraceId(),
  };
  if (spec.subcode !== undefined) error.error_subcode = spec.subcode;
  if (spec.transient !== undefined) error.is_transient = spec.transient;
  if (spec.details !== undefined) error.error_data = { messaging_product: "whatsapp", details: spec.details };
  return new GraphError(spec.status, { error }, spec.headers);
}

/** A WhatsApp-specific error: "(#code) Title" with error_data.details, as the Cloud API words them. */
export function waError(status: number, code: number, title: string, details: string): GraphError {
  return graphError({ status, code, message: `(#${code}) ${title}`, details });
}

/** Errors of the control API (/_sandbox/*): same shape, but clearly not Meta's. */
export function controlError(status: number, message: string): GraphError {
  return graphError({ status, code: status, message, type: "SandboxError" });
}
