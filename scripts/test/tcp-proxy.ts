import net from "node:net";

/**
 * A TCP proxy the tests put in front of PostgreSQL and Redis, so that a test can cut a
 * dependency off (every connection dropped, new ones refused) and bring it back.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  up = true;

  constructor(
    readonly listenPort: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      if (!this.up) {
        client.destroy();
        return;
      }
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(this.listenPort, "127.0.0.1", () => resolve());
    });
  }

  down(): void {
    this.up = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.up = true;
  }

  async stop(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
