import { stdout } from "node:process";

const useColor = stdout.isTTY === true && process.env.NO_COLOR === undefined;

function paint(code: string, text: string): string {
  return useColor ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export const bold = (text: string) => paint("1", text);
export const dim = (text: string) => paint("2", text);
export const green = (text: string) => paint("32", text);

/** Messages of the start command itself, set apart from the children's prefixed output. */
export const log = {
  info: (message: string) => console.log(`${paint("36", "[start]")} ${message}`),
  warn: (message: string) => console.warn(`${paint("33", "[start]")} ${message}`),
  error: (message: string) => console.error(`${paint("31", "[start]")} ${message}`),
};

/** A problem the user must fix: printed without a stack trace. */
export class StartError extends Error {}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
