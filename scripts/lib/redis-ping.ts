import { Socket } from "node:net";

/** "pong" from a usable Redis, "other" when something else answers, "none" when nothing listens. */
export function ping(host: string, port: number, timeoutMs = 1_000): Promise<"pong" | "other" | "none"> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let connected = false;
    let received = "";
    const done = (answer: "pong" | "other" | "none") => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(connected ? "other" : "none"));
    socket.once("error", () => done(connected ? "other" : "none"));
    socket.once("close", () => done(connected ? "other" : "none"));
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      if (received.includes("\r\n")) done(received.startsWith("+PONG") ? "pong" : "other");
    });
    socket.connect(port, host, () => {
      connected = true;
      socket.write("PING\r\n");
    });
  });
}
