import { spawn } from "node:child_process";
import {
  Command,
  createConcurrently,
  KillOnSignal,
  KillOthers,
  LogError,
  LogExit,
  Logger,
  LogOutput,
} from "concurrently";
import { log } from "./log.ts";

export type Child = { name: string; command: string; color: string };

const FORCE_AFTER_MS = 15_000;
const REPEAT_WINDOW_MS = 1_500;

/**
 * Runs the children side by side with prefixed, colored output until a signal arrives (0) or one
 * of them ends on its own (1): then the others are stopped too.
 *
 * concurrently's core is used with a plain `process.kill` instead of its default tree-kill, which
 * needs `ps` (absent from minimal Debian images).
 */
export async function runTogether(children: Child[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const logger = new Logger({ prefixFormat: "name" });
  logger.setPrefixLength(Math.max(...children.map((child) => child.name.length)));
  const abortController = new AbortController();
  const { commands, result } = createConcurrently(
    children.map((child) => ({
      name: child.name,
      command: child.command,
      prefixColor: child.color,
      env,
      cwd,
    })),
    {
      logger,
      outputStream: process.stdout,
      abortSignal: abortController.signal,
      // `exec`: the shell becomes the program, so that the pid concurrently signals is the program's
      spawn: (command, options) => spawn("/bin/sh", ["-c", `exec ${command}`], options),
      kill: killQuietly,
      controllers: [
        new LogError({ logger }),
        new LogOutput({ logger }),
        new LogExit({ logger }),
        new KillOnSignal({ process, abortController }),
        new KillOthers({
          logger,
          conditions: ["success", "failure"],
          killSignal: "SIGTERM",
          timeoutMs: FORCE_AFTER_MS,
          abortController,
        }),
      ],
    },
  );

  let signalled = false;
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // one Ctrl-C arrives twice: from the terminal and relayed by tsx, our parent
    if (signalled && Date.now() - firstSignalAt < REPEAT_WINDOW_MS) return;
    if (signalled) {
      log.warn(`${signal} again: killing ${running(commands).join(", ") || "nothing"} now`);
      for (const command of commands) command.kill("SIGKILL");
      return;
    }
    signalled = true;
    firstSignalAt = Date.now();
    log.info(`${signal}: stopping ${running(commands).join(", ")} (again to force)`);
    setTimeout(() => {
      for (const command of commands) command.kill("SIGKILL");
    }, FORCE_AFTER_MS).unref();
  };
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await result;
  } catch {
    // a child ended with a non-zero code: judged below
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
  if (signalled) return 0;
  log.error("a process ended on its own, so all were stopped");
  return 1;
}

function running(commands: Command[]): string[] {
  return commands.filter((command) => Command.canKill(command)).map((command) => command.name);
}

function killQuietly(pid: number, signal?: string): void {
  try {
    process.kill(pid, signal ?? "SIGTERM");
  } catch {
    // already gone
  }
}
