import { readFileSync } from "node:fs";
import { Agent, type IncomingMessage, request } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { testPort } from "@/scripts/test/ports";
import { startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { stackEnv } from "@/scripts/test/stack";

/**
 * `npm run web` (what the start command runs) stopped by SIGTERM while a keep-alive client holds
 * a connection and another request is still arriving: that request is answered with
 * `Connection: close`, the idle connection is closed, and the process exits.
 */
const port = testPort("shutdownWeb");
const webScript = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { web: string } }
).scripts.web.replace(/^exec /, "");

function get(agent: Agent, path: string): Promise<{ res: IncomingMessage; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.once("end", () => resolve({ res, socket: res.socket ?? req.socket }));
    });
    req.once("error", reject).end();
  });
}

describe("the web app stops gracefully", () => {
  it("SIGTERM: the in-flight request is answered with Connection: close, idle keep-alive connections close, the process exits", async () => {
    const env = {
      ...stackEnv({ webPort: port, pgProxyPort: 0, redisProxyPort: 0 }),
      DATABASE_URL: TEST_ENV.databaseUrl,
      REDIS_URL: TEST_ENV.redisUrl,
      PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH ?? ""}`,
    };
    const web = startProcess("web", "/bin/sh", ["-c", `exec ${webScript}`], env);
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).ok, "the web app");
      const exited = new Promise<number | null>((resolve) => web.child.once("exit", (code) => resolve(code)));

      // a keep-alive client that made one request and now sits idle
      const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
      const first = await get(idleAgent, "/v1/openapi.json");
      expect(first.res.statusCode).toBe(200);
      expect(first.res.headers.connection).toBe("keep-alive");
      const idleSocket = first.socket;
      const idleClosed = new Promise<void>((resolve) => idleSocket.once("close", () => resolve()));

      // a request still arriving (half its body sent) when the signal comes
      const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
      const half = Math.floor(body.length / 2);
      const busyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/webhooks/whatsapp",
            agent: busyAgent,
            headers: {
              "content-type": "application/json",
              "content-length": String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            res.resume();
            res.once("end", () => resolve(res));
          },
        );
        req.once("error", reject);
        req.write(body.slice(0, half));
        setTimeout(() => {
          if (web.child.pid) process.kill(web.child.pid, "SIGTERM");
          setTimeout(() => req.end(body.slice(half)), 300);
        }, 500);
      });

      const res = await answered;
      // answered (the signature is missing: 401), and told the connection ends
      expect(res.statusCode).toBe(401);
      expect(res.headers.connection).toBe("close");
      await idleClosed;
      // a generous guard against a hang, not a measurement
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r("still running"), 30_000)),
      ]);
      expect(code).toBe(0);
      idleAgent.destroy();
      busyAgent.destroy();
    } finally {
      await stopProcess(web, "SIGKILL");
    }
  }, 90_000);
});
