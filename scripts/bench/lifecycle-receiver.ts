import { createServer, type Server } from "node:http";

/** What the receiver heard of one message: each event's receipts and when the first arrived. */
type Heard = { receipts: Map<string, number>; firstAt: Map<string, number> };

/**
 * A customer's webhook receiver that answers 200 at once and remembers, per message id, every
 * event it received and how many times (by `X-Service-Delivery-Id`, as a receiver de-duplicates).
 */
export class LifecycleReceiver {
  readonly messages = new Map<string, Heard>();
  /** deliveries received with a delivery id already seen */
  duplicates = 0;
  /** every request, whatever its event */
  requests = 0;
  private readonly deliveryIds = new Set<string>();
  private server: Server | null = null;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        res.writeHead(200).end("ok");
        this.record(String(req.headers["x-service-delivery-id"] ?? ""), Buffer.concat(chunks).toString());
      });
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
  }

  private record(deliveryId: string, raw: string): void {
    this.requests++;
    if (this.deliveryIds.has(deliveryId)) {
      this.duplicates++;
      return;
    }
    this.deliveryIds.add(deliveryId);
    const body = JSON.parse(raw) as {
      event: string;
      data: { messageId?: string; whatsappMessageId?: string };
    };
    // by our id, and by the upstream's (an inbound message is known to its sender by that one)
    for (const id of new Set([body.data.messageId, body.data.whatsappMessageId])) {
      if (id) this.note(id, body.event);
    }
  }

  private note(id: string, event: string): void {
    let heard = this.messages.get(id);
    if (!heard) {
      heard = { receipts: new Map(), firstAt: new Map() };
      this.messages.set(id, heard);
    }
    heard.receipts.set(event, (heard.receipts.get(event) ?? 0) + 1);
    if (!heard.firstAt.has(event)) heard.firstAt.set(event, Date.now());
  }

  /** how many of `ids` have received `event` */
  countWith(ids: Iterable<string>, event: string): number {
    let n = 0;
    for (const id of ids) if (this.messages.get(id)?.receipts.has(event)) n++;
    return n;
  }

  /**
   * Messages whose events are not exactly `expected`, each once: missing ones, extra kinds, or an
   * event received twice under two delivery ids.
   */
  mismatches(ids: Iterable<string>, expected: string[]): string[] {
    const wrong: string[] = [];
    for (const id of ids) {
      const receipts = this.messages.get(id)?.receipts ?? new Map<string, number>();
      const exact = receipts.size === expected.length && expected.every((event) => receipts.get(event) === 1);
      if (!exact) wrong.push(`${id}: ${JSON.stringify(Object.fromEntries(receipts))}`);
    }
    return wrong;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
