import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { addressProblem, type GuardOptions } from "@/lib/net/ip-ranges";
import { ADDRESS_REFUSED, guardedLookup, hostOf } from "@/lib/net/url-guard";

/**
 * The one HTTP client of every outbound request the product makes (Graph API calls, media
 * lookups and downloads, webhook deliveries), so that none can be turned into an SSRF:
 * - the socket connects only to an address the guard accepted (a literal is checked here, a
 *   name by `guardedLookup`, which hands the socket the very addresses it checked: no DNS
 *   rebinding between check and connect); loopback only with `allowLoopback`;
 * - redirects are never followed: a 3xx is answered to the caller like any other status;
 * - the answer is read as a stream and never beyond `maxBytes` (a larger declared or actual
 *   body either fails, or is cut when the caller only wants a snippet);
 * - a credential (the channel's access token) goes only to the origins the caller names:
 *   a request carrying one to any other origin is refused before it is made;
 * - one deadline covers connecting, sending and reading;
 * - connections are kept alive between requests to the same origin (a send or a delivery
 *   then costs no TCP handshake), but only for IDLE_SOCKET_MS: every pooled socket was opened
 *   through the guard under the same options, and one idle for longer is closed, so that no
 *   pooled socket outlives a DNS change for long and none is reused just as a server closes
 *   it (servers keep idle connections for 5 s or more).
 */
export type GuardedRequest = GuardOptions & {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** the largest answer body read */
  maxBytes: number;
  /** `fail`: a larger answer rejects with `too-large`; `truncate`: the first maxBytes are kept */
  overflow: "fail" | "truncate";
  /** headers that carry a secret, sent only when the target's origin is one of `origins` */
  credential?: { headers: Record<string, string>; origins: readonly string[] };
};

export type GuardedResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the body was cut at maxBytes (overflow `truncate`) */
  truncated: boolean;
};

/**
 * `refused`: the guard stopped it, nothing was sent; `not-sent`: the connection failed
 * before a byte of the request left (refused, unresolvable, unreachable); `timeout` and
 * `network`: it may have reached the server; `too-large`: the answer exceeded maxBytes.
 */
export type GuardedFailure = "refused" | "not-sent" | "timeout" | "network" | "too-large";

export class GuardedFetchError extends Error {
  constructor(
    readonly kind: GuardedFailure,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "GuardedFetchError";
  }

  /** True when the request provably never reached the server (safe to retry a send). */
  get notSent(): boolean {
    return this.kind === "refused" || this.kind === "not-sent";
  }
}

const IDLE_SOCKET_MS = 1_000;
/**
 * Idle sockets kept per pool: as many as a broadcast driver has requests in flight to one origin
 * (MAX_IN_FLIGHT, lib/broadcasts/run-broadcast.ts). With 64, each tick of a broadcast at 1,000/s
 * closed the sockets past 64 that its last batch had opened and opened them again for the next
 * (bench:broadcast, 2026-11-29: a TCP connect and close for most messages); an idle one still
 * closes after IDLE_SOCKET_MS.
 */
const MAX_FREE_SOCKETS = 1_024;
const agents = new Map<string, HttpAgent>();

/** One keep-alive pool per scheme and guard options: a socket is reused only under the rules that opened it. */
function agentFor(protocol: string, options: GuardRequestOptions): HttpAgent {
  const key = `${protocol}${options.allowLoopback ? "+loopback" : ""}`;
  let agent = agents.get(key);
  if (!agent) {
    const settings = {
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
      maxFreeSockets: MAX_FREE_SOCKETS,
      scheduling: "lifo" as const,
    };
    agent = protocol === "https:" ? new HttpsAgent(settings) : new HttpAgent(settings);
    agents.set(key, agent);
  }
  return agent;
}

type GuardRequestOptions = Pick<GuardedRequest, "allowLoopback">;

const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** Syntax, scheme and (for a literal host) address checks that need no network. */
function refusal(target: URL, options: GuardedRequest): string | undefined {
  if (target.protocol !== "https:" && target.protocol !== "http:") return "only http(s) URLs are fetched";
  if (target.username || target.password) return "URLs with credentials are not fetched";
  if (options.credential && !options.credential.origins.includes(target.origin)) {
    return `${target.host} is not a host the channel's credentials may be sent to`;
  }
  const host = hostOf(target);
  return isIP(host) === 0 ? undefined : addressProblem(host, options);
}

export function guardedFetch(url: string | URL, options: GuardedRequest): Promise<GuardedResponse> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new GuardedFetchError("refused", "not an absolute URL"));
  }
  const refused = refusal(target, options);
  if (refused) {
    return Promise.reject(
      new GuardedFetchError("refused", `refused to connect: ${refused}`, ADDRESS_REFUSED),
    );
  }
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = {
    ...options.headers,
    ...options.credential?.headers,
    ...(body === undefined ? {} : { "Content-Length": String(body.length) }),
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    let complete = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: { ok: GuardedResponse } | { error: GuardedFetchError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // a completely read answer leaves its socket to the pool; anything else closes it
      if (!("ok" in outcome) || outcome.ok.truncated || !complete) req.destroy();
      if ("ok" in outcome) resolve(outcome.ok);
      else reject(outcome.error);
    };
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: options.method ?? "GET",
        headers,
        lookup: guardedLookup(options),
        agent: agentFor(target.protocol, options),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const done = (truncated: boolean) =>
          settle({ ok: { status, headers: res.headers, body: Buffer.concat(chunks), truncated } });
        answered = () => done(true);
        const declared = Number(res.headers["content-length"]);
        if (options.overflow === "fail" && Number.isFinite(declared) && declared > options.maxBytes) {
          settle({
            error: new GuardedFetchError("too-large", `the answer is larger than ${options.maxBytes} bytes`),
          });
          return;
        }
        res.on("data", (chunk: Buffer) => {
          if (settled) return;
          const room = options.maxBytes - size;
          if (chunk.length > room) {
            if (options.overflow === "fail") {
              settle({
                error: new GuardedFetchError(
                  "too-large",
                  `the answer is larger than ${options.maxBytes} bytes`,
                ),
              });
              return;
            }
            chunks.push(chunk.subarray(0, room));
            size += room;
            done(true);
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        // a body cut short: a snippet reader keeps what came, a full reader fails
        const broken = () =>
          options.overflow === "truncate"
            ? done(true)
            : settle({
                error: new GuardedFetchError("network", "the connection broke while reading the answer"),
              });
        res.on("end", () => {
          complete = true;
          done(false);
        });
        res.on("error", broken);
        res.on("close", () => {
          if (!res.complete) broken();
        });
      },
    );
    // a snippet reader that has a status keeps it when the body is slow (a webhook answered 200)
    let answered: (() => void) | undefined;
    const timer = setTimeout(() => {
      if (answered && options.overflow === "truncate") return answered();
      settle({ error: new GuardedFetchError("timeout", `no answer within ${options.timeoutMs / 1000} s`) });
    }, options.timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) => {
      const message = error.message.replaceAll("\u0000", "");
      if (error.code === ADDRESS_REFUSED)
        settle({ error: new GuardedFetchError("refused", message, error.code) });
      else if (error.code && NOT_SENT_CODES.has(error.code))
        settle({ error: new GuardedFetchError("not-sent", message, error.code) });
      else settle({ error: new GuardedFetchError("network", message, error.code) });
    });
    req.end(body);
  });
}
