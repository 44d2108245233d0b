import { type ChildProcess, spawn } from "node:child_process";

export type Proc = { name: string; child: ChildProcess; output: string[] };

/** Starts a child with its output kept (shown when a test run fails to start). */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Proc {
  const child = spawn(command, args, {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
    if (process.env.TEST_VERBOSE) process.stderr.write(`[${name}] ${chunk.toString()}`);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { name, child, output };
}

export async function stopProcess(proc: Proc, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const { child } = proc;
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {}
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
