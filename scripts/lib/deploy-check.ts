/**
 * The static checks of the deployment artifacts (scripts/check-deploy.ts, run by `npm run lint`):
 * no container registry is reachable where CI runs, so the image is never built there and these
 * checks are what keeps Dockerfile, compose.yaml, .env.example and docs/configuration.md true to
 * the code. Each function takes file contents and returns the problems it finds, one sentence each.
 */
import { parseDocument } from "yaml";

/** Settings read outside lib/config.ts, each with the file that reads it as `process.env.NAME`. */
export const SETTINGS_READ_ELSEWHERE: readonly { name: string; file: string }[] = [
  { name: "SANDBOX", file: "scripts/start.ts" },
  { name: "SANDBOX_PORT", file: "sandbox/server.ts" },
  { name: "SANDBOX_HOST", file: "sandbox/server.ts" },
  { name: "SANDBOX_DATA_DIR", file: "sandbox/server.ts" },
  { name: "WEB_SHUTDOWN_TIMEOUT_MS", file: "scripts/web.ts" },
  { name: "WEB_HOST", file: "scripts/web.ts" },
  { name: "WEB_RECEIVER", file: "scripts/web.ts" },
  { name: "WEB_API", file: "scripts/web.ts" },
  { name: "ENQUEUE_TIMEOUT_MS", file: "lib/queues.ts" },
  { name: "E2E_CHROMIUM_PATH", file: "e2e/playwright.config.ts" },
];

/** Where `# ---- compose.yaml only` starts in .env.example: the names below it are compose's own. */
const COMPOSE_SECTION = /^#\s*-+\s*compose\.yaml only/;
const NAME = /^[A-Z][A-Z0-9_]*$/;

export type EnvExample = { settings: string[]; composeOnly: string[] };

/** The names .env.example gives a line to (`NAME=…`, or commented out `# NAME=…`), by section. */
export function parseEnvExample(text: string): EnvExample {
  const result: EnvExample = { settings: [], composeOnly: [] };
  let section: keyof EnvExample = "settings";
  for (const line of text.split("\n")) {
    if (COMPOSE_SECTION.test(line)) section = "composeOnly";
    const m = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (m?.[1]) result[section].push(m[1]);
  }
  return result;
}

/** The setting names of docs/configuration.md's tables: the backquoted upper-case names of each row's first cell. */
export function parseConfigurationDoc(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split("\n")) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!first) continue;
    for (const [, name = ""] of first.matchAll(/`([^`]+)`/g)) if (NAME.test(name)) names.push(name);
  }
  return names;
}

/** Files that no longer read a setting this module says they read. */
export function checkSettingsReadElsewhere(read: (file: string) => string | undefined): string[] {
  return SETTINGS_READ_ELSEWHERE.flatMap(({ name, file }) => {
    const text = read(file);
    if (text === undefined) return [`${file} (said to read ${name}) does not exist`];
    return new RegExp(`process\\.env\\.${name}\\b`).test(text)
      ? []
      : [
          `${file} no longer reads process.env.${name}: update SETTINGS_READ_ELSEWHERE (scripts/lib/deploy-check.ts)`,
        ];
  });
}

/** The code's settings against .env.example's and docs/configuration.md's, both ways. */
export function checkSettings(
  code: readonly string[],
  envExample: EnvExample,
  doc: readonly string[],
): string[] {
  const problems: string[] = [];
  const codeSet = new Set(code);
  const pairs: [string, Set<string>][] = [
    [".env.example", new Set(envExample.settings)],
    ["docs/configuration.md", new Set(doc)],
  ];
  for (const [where, names] of pairs) {
    for (const name of codeSet)
      if (!names.has(name)) problems.push(`${name} is read by the code but missing from ${where}`);
    for (const name of names) {
      if (!codeSet.has(name)) problems.push(`${name} is in ${where} but the code reads no such setting`);
    }
  }
  for (const name of envExample.composeOnly) {
    if (codeSet.has(name))
      problems.push(`${name} is a setting of the product, not a compose.yaml-only variable (.env.example)`);
  }
  return problems;
}

/** An npm script as the command a container runs: `exec node --import tsx X` / `tsx X` → node --import tsx X. */
export function scriptCommand(script: string): string[] {
  const words = script.trim().split(/\s+/);
  if (words[0] === "exec") words.shift();
  if (words[0] === "tsx") return ["node", "--import", "tsx", ...words.slice(1)];
  return words;
}

/** The package.json scripts a container may run, by the process README.md's table names. */
export const PROCESS_SCRIPTS = {
  web: "web",
  worker: "worker",
  sandbox: "sandbox",
  migrations: "db:migrate",
} as const;

/** The README's processes and their entry files (`| web | \`scripts/web.ts\` | …`), and whether the scripts run them. */
export function checkReadme(readme: string, scripts: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const process of ["web", "worker", "sandbox"] as const) {
    const entry = new RegExp(`^\\|\\s*${process}\\s*\\|\\s*\`([^\`]+)\``, "m").exec(readme)?.[1];
    const script = scripts[PROCESS_SCRIPTS[process]];
    if (entry === undefined) problems.push(`README.md's process table has no row for ${process}`);
    else if (script === undefined) problems.push(`package.json has no "${PROCESS_SCRIPTS[process]}" script`);
    else if (!scriptCommand(script).includes(entry)) {
      problems.push(
        `README.md runs ${process} from ${entry}, but npm run ${PROCESS_SCRIPTS[process]} runs ${script}`,
      );
    }
  }
  if (!readme.includes(`npm run ${PROCESS_SCRIPTS.migrations}`)) {
    problems.push(`README.md no longer names npm run ${PROCESS_SCRIPTS.migrations}`);
  }
  return problems;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** Which of the processes' scripts this command is, or undefined. */
function processOf(command: readonly string[], scripts: Record<string, string>): string | undefined {
  return Object.entries(PROCESS_SCRIPTS).find(([, script]) => {
    const s = scripts[script];
    return s !== undefined && same(command, scriptCommand(s));
  })?.[0];
}

/**
 * The Dockerfile: its default command and the commands its header lists (`#   worker   node … (npm run worker)`)
 * are package.json's scripts; every `npm run X` it runs exists; the last stage runs as a user other than root.
 */
export function checkDockerfile(dockerfile: string, scripts: Record<string, string>): string[] {
  const problems: string[] = [];
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1];
  if (cmd === undefined) problems.push("Dockerfile has no CMD in exec form");
  else {
    const words = JSON.parse(cmd) as string[];
    if (!same(words, scriptCommand(scripts.web ?? ""))) {
      problems.push(`Dockerfile's CMD ${cmd} is not npm run web (${scripts.web})`);
    }
  }
  for (const m of dockerfile.matchAll(/^#\s+(\S+)\s+(node .+?)\s+\(npm run ([\w:-]+)[^)]*\)\s*$/gm)) {
    const [, name, command = "", script = ""] = m;
    const wanted = scripts[script];
    if (wanted === undefined) problems.push(`Dockerfile names npm run ${script}, which package.json lacks`);
    else if (!same(command.split(/\s+/), scriptCommand(wanted))) {
      problems.push(`Dockerfile runs ${name} as "${command}", but npm run ${script} is "${wanted}"`);
    }
  }
  for (const [, script = ""] of dockerfile.matchAll(/npm run ([\w:-]+)/g)) {
    if (scripts[script] === undefined)
      problems.push(`Dockerfile runs npm run ${script}, which package.json lacks`);
  }
  const lastStage = dockerfile.split(/^FROM\s/m).at(-1) ?? "";
  const user = [...lastStage.matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1];
  if (user === undefined || user === "root" || user === "0") {
    problems.push("Dockerfile's runtime stage does not switch to a user other than root");
  }
  return problems;
}

type Service = {
  command?: unknown;
  environment?: unknown;
  depends_on?: unknown;
  volumes?: unknown;
  profiles?: unknown;
  build?: unknown;
  healthcheck?: { test?: unknown };
};

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).split("=")[0] ?? "");
  if (value && typeof value === "object") return Object.keys(value);
  return [];
}

/**
 * compose.yaml parses; depends_on and named volumes name what it declares; health checks are lists of strings; every `${VAR}` it reads
 * is a setting or a compose-only variable of .env.example (and each of those is read); the services
 * built from this repository run one of the processes' scripts with only settings the code reads;
 * the sandbox runs only in the `demo` profile.
 */
export function checkCompose(
  text: string,
  context: { settings: readonly string[]; composeOnly: readonly string[]; scripts: Record<string, string> },
): string[] {
  const doc = parseDocument(text, { merge: true });
  if (doc.errors.length > 0) return doc.errors.map((e) => `compose.yaml does not parse: ${e.message}`);
  const root = doc.toJS({ maxAliasCount: 100 }) as { services?: Record<string, Service>; volumes?: unknown };
  const problems: string[] = [];
  const services = root.services ?? {};
  if (Object.keys(services).length === 0) problems.push("compose.yaml declares no services");
  const volumes = new Set(keysOf(root.volumes));
  const settings = new Set(context.settings);
  const composeOnly = new Set(context.composeOnly);

  const used = new Set<string>();
  for (const m of text.matchAll(/(?<!\$)\$(?:\{([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*))/g)) {
    used.add(m[1] ?? m[2] ?? "");
  }
  for (const name of used) {
    if (!settings.has(name) && !composeOnly.has(name)) {
      problems.push(`compose.yaml reads \${${name}}, which .env.example does not name`);
    }
  }
  for (const name of composeOnly) {
    if (!used.has(name)) problems.push(`.env.example names ${name} for compose.yaml, which does not read it`);
  }

  const ran = new Set<string>();
  for (const [name, service] of Object.entries(services)) {
    for (const dep of keysOf(service.depends_on)) {
      if (!(dep in services))
        problems.push(`compose.yaml: ${name} depends on ${dep}, which is not a service`);
    }
    for (const volume of Array.isArray(service.volumes) ? service.volumes : []) {
      const source = typeof volume === "string" ? volume.split(":")[0] : String(volume?.source ?? "");
      if (source && !/^[./~$]/.test(source) && !volumes.has(source)) {
        problems.push(`compose.yaml: ${name} mounts the volume ${source}, which is not declared`);
      }
    }
    // an unquoted `a ? 0 : 1` in a list item parses as a mapping, not the command it reads as
    const test = service.healthcheck?.test;
    if (
      test !== undefined &&
      !(typeof test === "string" || (Array.isArray(test) && test.every((w) => typeof w === "string")))
    ) {
      problems.push(
        `compose.yaml: ${name}'s health check is not a list of strings (quote it): ${JSON.stringify(test)}`,
      );
    }
    if (service.build === undefined) continue;
    // a service of this repository's image: one of the processes, with the product's settings
    const command = Array.isArray(service.command) ? service.command.map(String) : undefined;
    const process = command && processOf(command, context.scripts);
    if (process === undefined) {
      problems.push(
        `compose.yaml: ${name} runs ${JSON.stringify(service.command)}, which is none of npm run ${Object.values(PROCESS_SCRIPTS).join(", ")} (as node --import tsx …)`,
      );
    } else {
      ran.add(process);
      const profiles = Array.isArray(service.profiles) ? service.profiles : [];
      if (process === "sandbox" && !(profiles.length === 1 && profiles[0] === "demo")) {
        problems.push(`compose.yaml: ${name} runs the sandbox outside the demo profile alone`);
      }
      if (process !== "sandbox" && profiles.length > 0) {
        problems.push(`compose.yaml: ${name} runs ${process} only in profiles ${profiles.join(", ")}`);
      }
    }
    for (const key of keysOf(service.environment)) {
      if (!settings.has(key))
        problems.push(`compose.yaml: ${name} sets ${key}, which the code does not read`);
    }
  }
  for (const process of Object.keys(PROCESS_SCRIPTS)) {
    if (!ran.has(process)) problems.push(`compose.yaml runs no ${process} service`);
  }
  return problems;
}

/** deploy/systemd's units: each ExecStart is one of the processes' scripts, and web, worker and migrations each have one. */
export function checkSystemdUnits(units: Record<string, string>, scripts: Record<string, string>): string[] {
  const problems: string[] = [];
  const ran = new Set<string>();
  for (const [file, text] of Object.entries(units)) {
    const starts = [...text.matchAll(/^ExecStart=(.+)$/gm)].map((m) => (m[1] ?? "").trim());
    if (starts.length !== 1) problems.push(`${file} has ${starts.length} ExecStart lines, not one`);
    for (const start of starts) {
      const words = start.split(/\s+/);
      if (words[0]?.endsWith("/node")) words[0] = "node";
      const process = processOf(words, scripts);
      if (process === undefined)
        problems.push(`${file} runs "${start}", which is none of the processes' npm scripts`);
      else ran.add(process);
    }
  }
  for (const process of ["web", "worker", "migrations"]) {
    if (!ran.has(process)) problems.push(`deploy/systemd has no unit running ${process}`);
  }
  return problems;
}
