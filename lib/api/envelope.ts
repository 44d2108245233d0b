import type { ApiError } from "@/lib/api/errors";

export type PageMeta = { page: number; per_page: number; total: number; has_more: boolean };

export type SuccessBody<T> = { success: true; data: T; meta?: PageMeta };
export type ErrorBody = {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown> };
};

/** What a handler returns; the wrapper turns it into the HTTP answer. */
export type ApiResult = { status: number; body: SuccessBody<unknown>; headers?: Record<string, string> };

export function ok<T>(data: T, meta?: PageMeta): ApiResult {
  return { status: 200, body: meta ? { success: true, data, meta } : { success: true, data } };
}

export function created<T>(data: T): ApiResult {
  return { status: 201, body: { success: true, data } };
}

/** 202: taken, not done yet (a send the caller asked not to wait for); `headers` say where to look. */
export function accepted<T>(data: T, headers: Record<string, string>): ApiResult {
  return { status: 202, body: { success: true, data }, headers };
}

export function errorBody(error: ApiError): ErrorBody {
  return {
    success: false,
    error: error.details
      ? { code: error.code, message: error.message, details: error.details }
      : { code: error.code, message: error.message },
  };
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, has_more: page * perPage < total };
}
