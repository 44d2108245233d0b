import { describe, expect, it } from "vitest";
import { nginxConf, pgbouncerIni, pgbouncerUsers } from "@/scripts/lib/topology-config";

describe("npm run topology's configuration files", () => {
  it("nginx balances every web process and never retries a request a web may have received", () => {
    const conf = nginxConf({ dir: "/tmp/t", port: 8080, webPorts: [3001, 3003], asRoot: false });
    expect(conf).toContain("server 127.0.0.1:3001 ");
    expect(conf).toContain("server 127.0.0.1:3003 ");
    expect(conf).toContain("listen 127.0.0.1:8080;");
    // a POST is retried on the next web only when nothing was sent (non_idempotent would send it twice)
    expect(conf).toMatch(/proxy_next_upstream error timeout;/);
    expect(conf).not.toContain("non_idempotent");
    expect(conf).toContain("X-Forwarded-For $proxy_add_x_forwarded_for");
    expect(conf).not.toContain("user root;");
    expect(nginxConf({ dir: "/tmp/t", port: 8080, webPorts: [3001], asRoot: true })).toMatch(/^user root;/);
  });

  it("PgBouncer pools in transaction mode on loopback, for the one database", () => {
    const ini = pgbouncerIni({
      dir: "/tmp/t",
      port: 6432,
      server: {
        host: "127.0.0.1",
        port: 5432,
        database: "messaging_topology",
        user: "postgres",
        password: "",
      },
      poolSize: 40,
    });
    expect(ini).toContain("pool_mode = transaction");
    expect(ini).toContain("listen_addr = 127.0.0.1");
    expect(ini).toContain(
      "messaging_topology = host=127.0.0.1 port=5432 dbname=messaging_topology user=postgres\n",
    );
    expect(ini).toContain("auth_file = /tmp/t/pgbouncer-users.txt");
    expect(pgbouncerUsers("postgres")).toBe('"postgres" ""\n');
  });
});
