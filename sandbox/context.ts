import type { Logger } from "@/sandbox/logger";
import type { SandboxState } from "@/sandbox/state";

/** What every handler gets: the one state and the logger. */
export type Ctx = { state: SandboxState; log: Logger };
