/** A backing service the start command resolved: its URL and how to stop it if we started it. */
export type Service = { url: string; stop: () => Promise<void> };
