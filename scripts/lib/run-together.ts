import { spawn } from "node:child_process";
import {
  Command,
  createConcurrently,
  type FlowController,
  LogError,
  LogExit,
  Logger,
  LogOutput,
} from "concurrently";
import { log } from "./log.ts";

export type Child = {
  name: string;
  command: string;
  color: string;
  /** stopped only once the others have exited (the sandbox: web and worker may still be calling it) */
  stopLast?: boolean;
};

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
        new StopInOrder(
          new Set(children.filter((c) => c.stopLast).map((c) => c.name)),
          abortController,
          logger,
        ),
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
    // StopInOrder (below) signals the children and kills what is left after FORCE_AFTER_MS
    log.info(`${signal}: stopping ${running(commands).join(", ")} (again to force)`);
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

/**
 * concurrently's KillOnSignal and KillOthers, in order: on a signal, or when a child ends on its
 * own, every child but the `stopLast` ones gets the signal (SIGTERM for an ending), and those get it
 * once the others have exited. A worker finishing its job while it stops still reaches the sandbox.
 */
class StopInOrder implements FlowController {
  constructor(
    private readonly last: ReadonlySet<string>,
    private readonly abortController: AbortController,
    private readonly logger: Logger,
  ) {}

  handle(commands: Command[]) {
    const first = commands.filter((command) => !this.last.has(command.name));
    const after = commands.filter((command) => this.last.has(command.name));
    const exited = new Set<Command>();
    let stopping: NodeJS.Signals | null = null;
    const stopAfter = () => {
      if (!stopping || !first.every((command) => exited.has(command))) return;
      for (const command of after) if (Command.canKill(command)) command.kill(stopping);
    };
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = signal;
      this.abortController.abort();
      for (const command of first) if (Command.canKill(command)) command.kill(signal);
      setTimeout(() => {
        for (const command of commands) if (Command.canKill(command)) command.kill("SIGKILL");
      }, FORCE_AFTER_MS).unref();
      stopAfter();
    };
    for (const command of commands) {
      command.close.subscribe(() => {
        exited.add(command);
        if (!stopping) {
          this.logger.logGlobalEvent("Sending SIGTERM to other processes..");
          stop("SIGTERM");
        }
        stopAfter();
      });
    }
    const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
    for (const signal of signals) process.on(signal, stop);
    const onFinish = () => {
      for (const signal of signals) process.off(signal, stop);
    };
    return { commands, onFinish };
  }
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
