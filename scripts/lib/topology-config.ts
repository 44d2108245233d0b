/**
 * The configuration files `npm run topology` gives nginx and PgBouncer: the production topology
 * of docs/scaling.md and docs/deploy.md (nginx balancing the web processes, PgBouncer in
 * transaction mode in front of PostgreSQL), with every path inside the run's own directory.
 */

export type NginxOptions = {
  dir: string;
  port: number;
  webPorts: number[];
  /** nginx started as root runs its workers as root too (the run's directory is theirs) */
  asRoot: boolean;
};

/**
 * nginx in front of the web processes. A web that refuses the connection (killed) is skipped for
 * the next one: `proxy_next_upstream error timeout` retries only when nothing was sent upstream
 * yet, so a POST is never sent twice; a request in flight on a web that dies answers 502.
 */
export function nginxConf(o: NginxOptions): string {
  const temp = (name: string) => `${name}_temp_path ${o.dir}/nginx-${name};`;
  return `${o.asRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp("client_body")}
  ${temp("proxy")}
  ${temp("fastcgi")}
  ${temp("uwsgi")}
  ${temp("scgi")}
  upstream web {
${o.webPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${o.port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 130s;
    }
  }
}
`;
}

export type PgBouncerOptions = {
  dir: string;
  port: number;
  /** the PostgreSQL behind it */
  server: { host: string; port: number; database: string; user: string; password: string };
  /** server connections per database and user */
  poolSize: number;
};

/**
 * PgBouncer in transaction mode (docs/scaling.md). Debian 12 ships 1.18, which does not carry
 * prepared statements across clients (`max_prepared_statements` came in 1.21): the processes
 * behind it run with DATABASE_PREPARED_STATEMENTS=0. Clients connect as the server's user with
 * `trust` (the run listens on loopback only; production uses scram-sha-256 and an auth file).
 */
export function pgbouncerIni(o: PgBouncerOptions): string {
  const s = o.server;
  const password = s.password ? ` password=${s.password}` : "";
  return `[databases]
${s.database} = host=${s.host} port=${s.port} dbname=${s.database} user=${s.user}${password}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${o.port}
unix_socket_dir =
auth_type = trust
auth_file = ${o.dir}/pgbouncer-users.txt
pool_mode = transaction
default_pool_size = ${o.poolSize}
max_client_conn = 1000
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
logfile = ${o.dir}/pgbouncer.log
pidfile = ${o.dir}/pgbouncer.pid
log_connections = 0
log_disconnections = 0
`;
}

export function pgbouncerUsers(user: string): string {
  return `"${user}" ""\n`;
}
