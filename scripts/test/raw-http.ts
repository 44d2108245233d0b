import http from "node:http";
import net from "node:net";
import { TEST_ENV } from "@/scripts/test/env";
import type { AnyJson } from "@/scripts/test/helpers";

export type RawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** the body's bytes as received (a gzipped answer is not text) */
  bytes: Buffer;
  body: AnyJson;
};

export type RawRequest = {
  method: string;
  /** sent as written: no normalisation of `//`, `%zz`, trailing slashes (fetch would change them) */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request over node:http, so that malformed paths reach the server unchanged. */
export function rawRequest(req: RawRequest, port = TEST_ENV.webPort): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const r = http.request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.path,
        agent,
        headers: { ...(body ? { "content-length": String(body.length) } : {}), ...req.headers },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString("utf8");
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, bytes, body: parsed });
        });
        res.on("error", reject);
      },
    );
    r.on("timeout", () => r.destroy(new Error(`no answer to ${req.method} ${req.path}`)));
    r.on("error", reject);
    r.end(body);
  });
}

export type StreamedAnswer = {
  /** the answer as received: status line, headers, body */
  answer: string;
  status: number;
  body: AnyJson;
  /** body bytes the client had written when the answer arrived */
  sentWhenAnswered: number;
};

/**
 * POSTs over a raw socket: either `Content-Length: announce` or a chunked body; writes
 * `sendBytes` body bytes (spaces) and then waits, never finishing the body. Resolves once the
 * server has answered and closed the connection. A server that read the whole body first, or
 * kept reading after its answer, would wait for the rest forever and the test would time out.
 * Nothing beyond what the server reads is sent, so its close is a clean FIN, not a reset
 * that could cut the answer short.
 */
export function streamBody(
  path: string,
  options: { chunked: boolean; announce?: number; sendBytes: number; headers?: Record<string, string> },
  port = TEST_ENV.webPort,
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    let sentWhenAnswered = -1;
    const extra = Object.entries(options.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    const length = options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${options.announce}`;
    socket.on("data", (d: Buffer) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      answer += d.toString("utf8");
    });
    socket.on("error", () => {
      // a reset after the answer: what arrived is judged below
    });
    socket.on("close", () => {
      if (sentWhenAnswered < 0) return reject(new Error(`closed without an answer after ${sent} bytes`));
      const split = answer.indexOf("\r\n\r\n");
      const head = split < 0 ? answer : answer.slice(0, split);
      const rest = split < 0 ? "" : answer.slice(split + 4);
      const chunkedAnswer = /transfer-encoding: chunked/i.test(head);
      const text = chunkedAnswer ? rest.split("\r\n").slice(1, -3).join("\r\n") : rest;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ answer, status: Number(head.split(" ")[1]), body, sentWhenAnswered });
    });
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${length}\r\n${extra}\r\n`);
    const pump = async () => {
      while (sentWhenAnswered < 0 && !socket.destroyed && sent < options.sendBytes) {
        const size = Math.min(64 * 1024, options.sendBytes - sent);
        const chunk = Buffer.alloc(size, 0x20);
        const frame = options.chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
          : chunk;
        sent += size;
        if (!socket.write(frame)) {
          await new Promise<void>((r) => {
            socket.once("drain", r);
            socket.once("close", r);
          });
        }
      }
    };
    pump().catch(() => {});
  });
}
