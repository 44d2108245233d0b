import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ping } from "./redis-ping.ts";

/**
 * The start command's own redis-server and a port taken between the check and the bind: another
 * start (a second checkout, a test suite beside this one) binding it first. Played here by handing
 * the start, once, a port another redis-server already holds, as the race would. Before, the other
 * server's PONG on that port passed for ours, and the start went on with someone else's Redis.
 */
const race = vi.hoisted(() => ({ port: 0 }));

vi.mock("./ports.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./ports.ts")>();
  return {
    ...real,
    freePort: async (preferred: number) => {
      if (race.port) {
        const port = race.port;
        race.port = 0;
        return port;
      }
      return real.freePort(preferred);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), "redis-race-"));
let other: ChildProcess | undefined;

afterAll(() => {
  other?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("the start's own Redis when its port is taken before it binds", () => {
  it("is not fooled by the other server's PONG: it moves to the next free port and runs its own", async () => {
    const port = await unusedPort();
    other = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", ""], {
      stdio: "ignore",
    });
    await vi.waitFor(async () => expect(await ping("127.0.0.1", port)).toBe("pong"), { timeout: 30_000 });

    race.port = port;
    process.env.DATA_DIR = join(dir, "data");
    process.env.START_REDIS_PROBE_PORT = "1";
    delete process.env.REDIS_URL;
    const { resolveRedis } = await import("./redis.ts");
    const service = await resolveRedis(process.cwd());
    try {
      expect(race.port).toBe(0); // the taken port was handed out
      const ours = Number(new URL(service.url).port);
      expect(ours).not.toBe(port);
      expect(await ping("127.0.0.1", ours)).toBe("pong");
      // the server answering there is the one the start spawned (its pid file), not the other
      const pid = Number(readFileSync(join(dir, "data", "redis", "redis.pid"), "utf8").trim());
      expect(pid).not.toBe(other.pid);
      expect(readFileSync(join(dir, "data", "redis", "port"), "utf8").trim()).toBe(String(ours));
      expect(readFileSync(join(dir, "data", "redis", "redis.log"), "utf8")).toContain(
        `${port}: bind: Address already in use`,
      );
    } finally {
      await service.stop();
    }
  }, 60_000);
});
