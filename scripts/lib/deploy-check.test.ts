import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES } from "@/lib/config";
import {
  checkCompose,
  checkDockerfile,
  checkReadme,
  checkSettings,
  checkSettingsReadElsewhere,
  checkSystemdUnits,
  parseConfigurationDoc,
  parseEnvExample,
  SETTINGS_READ_ELSEWHERE,
  scriptCommand,
} from "@/scripts/lib/deploy-check";

const file = (path: string) => readFileSync(path, "utf8");
const scripts = (JSON.parse(file("package.json")) as { scripts: Record<string, string> }).scripts;
const settings = [...SETTING_NAMES, ...SETTINGS_READ_ELSEWHERE.map((s) => s.name)];
const envExample = parseEnvExample(file(".env.example"));
const compose = file("compose.yaml");
const units = Object.fromEntries(
  ["messaging-web.service", "messaging-worker@.service", "messaging-migrate.service"].map((n) => [
    `deploy/systemd/${n}`,
    file(`deploy/systemd/${n}`),
  ]),
);
const context = { settings, composeOnly: envExample.composeOnly, scripts };

describe("the repository's artifacts", () => {
  it("agree with the code (what npm run lint checks)", () => {
    expect(checkSettingsReadElsewhere((f) => file(f))).toEqual([]);
    expect(checkSettings(settings, envExample, parseConfigurationDoc(file("docs/configuration.md")))).toEqual(
      [],
    );
    expect(checkCompose(compose, context)).toEqual([]);
    expect(checkDockerfile(file("Dockerfile"), scripts)).toEqual([]);
    expect(checkReadme(file("README.md"), scripts)).toEqual([]);
    expect(checkSystemdUnits(units, scripts)).toEqual([]);
  });
});

describe("settings", () => {
  it("reads .env.example's names, commented or not, and its compose-only section apart", () => {
    const parsed = parseEnvExample(
      "# a comment: NOT_A_NAME here\nDATABASE_URL=x\n# PORT=3000\n# ---- compose.yaml only ----\nPOSTGRES_PASSWORD=\n",
    );
    expect(parsed).toEqual({ settings: ["DATABASE_URL", "PORT"], composeOnly: ["POSTGRES_PASSWORD"] });
  });

  it("reads the upper-case names of the first cells of the docs' tables", () => {
    const doc =
      "| name | meaning |\n| --- | --- |\n| `S3_BUCKET`, `S3_REGION` | a `NOT_THIS` |\n| `messaging_x` | metric |\n";
    expect(parseConfigurationDoc(doc)).toEqual(["S3_BUCKET", "S3_REGION"]);
  });

  it("reports a setting missing from .env.example or the docs, and one the code does not read", () => {
    const problems = checkSettings(
      ["DATABASE_URL", "REDIS_URL"],
      { settings: ["DATABASE_URL", "OLD_SETTING"], composeOnly: [] },
      ["DATABASE_URL", "REDIS_URL"],
    );
    expect(problems).toEqual([
      "REDIS_URL is read by the code but missing from .env.example",
      "OLD_SETTING is in .env.example but the code reads no such setting",
    ]);
  });

  it("reports a file that no longer reads a setting it is said to read", () => {
    const problems = checkSettingsReadElsewhere((f) =>
      f === "scripts/web.ts" ? "process.env.PORT" : file(f),
    );
    expect(problems).toContain(
      "scripts/web.ts no longer reads process.env.WEB_HOST: update SETTINGS_READ_ELSEWHERE (scripts/lib/deploy-check.ts)",
    );
  });
});

describe("compose.yaml", () => {
  it("reports YAML that does not parse", () => {
    expect(checkCompose("services:\n  web: [unclosed\n", context)[0]).toMatch(
      /^compose\.yaml does not parse/,
    );
  });

  it("reports a variable .env.example does not name, and a compose-only one it does not read", () => {
    const broken = compose.replace(
      `\${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}@pgbouncer`,
      `\${PG_PASS}@pgbouncer`,
    );
    expect(checkCompose(broken, context)).toContain(
      `compose.yaml reads \${PG_PASS}, which .env.example does not name`,
    );
    const unread = { ...context, composeOnly: [...context.composeOnly, "UNUSED_KNOB"] };
    expect(checkCompose(compose, unread)).toContain(
      ".env.example names UNUSED_KNOB for compose.yaml, which does not read it",
    );
  });

  it("reports a dependency on a service that does not exist and an undeclared volume", () => {
    const broken = compose
      .replace(
        "      pgbouncer:\n        condition: service_healthy",
        "      bouncer:\n        condition: service_healthy",
      )
      .replace("- media:/app/.data/media", "- uploads:/app/.data/media");
    const problems = checkCompose(broken, context);
    expect(problems).toContain("compose.yaml: web depends on bouncer, which is not a service");
    expect(problems).toContain("compose.yaml: web mounts the volume uploads, which is not declared");
  });

  it("reports a health check that YAML reads as a mapping (an unquoted `: ` inside it)", () => {
    const broken = compose.replace(
      `        - "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"`,
      "        - fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))",
    );
    expect(broken).not.toEqual(compose);
    expect(
      checkCompose(broken, context).some((p) =>
        p.startsWith("compose.yaml: web's health check is not a list of strings"),
      ),
    ).toBe(true);
  });

  it("reports a setting the code does not read, a command that is no script, and the sandbox outside demo", () => {
    const broken = compose
      .replace('      PORT: "3000"', '      PORT: "3000"\n      WEB_CONCURRENCY: "4"')
      .replace('["node", "--import", "tsx", "worker/index.ts"]', '["npx", "tsx", "worker/index.ts"]')
      .replace('    profiles: ["demo"]\n', "");
    const problems = checkCompose(broken, context);
    expect(problems).toContain("compose.yaml: web sets WEB_CONCURRENCY, which the code does not read");
    expect(
      problems.some((p) => p.startsWith('compose.yaml: worker runs ["npx","tsx","worker/index.ts"]')),
    ).toBe(true);
    expect(problems).toContain("compose.yaml: sandbox runs the sandbox outside the demo profile alone");
    expect(problems).toContain("compose.yaml runs no worker service");
  });
});

describe("Dockerfile and README", () => {
  it("reads an npm script as the container's command", () => {
    expect(scriptCommand("exec node --import tsx scripts/web.ts")).toEqual([
      "node",
      "--import",
      "tsx",
      "scripts/web.ts",
    ]);
    expect(scriptCommand("tsx scripts/migrate.ts apply")).toEqual([
      "node",
      "--import",
      "tsx",
      "scripts/migrate.ts",
      "apply",
    ]);
  });

  it("reports a CMD that is not npm run web, a listed command that drifted, and a root runtime", () => {
    const dockerfile = file("Dockerfile");
    const broken = dockerfile
      .replace('CMD ["node", "--import", "tsx", "scripts/web.ts"]', 'CMD ["npm", "start"]')
      .replace("worker/index.ts         (npm run worker)", "worker/main.ts         (npm run worker)")
      .replace(/^USER node$/m, "USER root");
    const problems = checkDockerfile(broken, scripts);
    expect(problems).toContain(`Dockerfile's CMD ["npm", "start"] is not npm run web (${scripts.web})`);
    expect(
      problems.some((p) => p.startsWith('Dockerfile runs worker as "node --import tsx worker/main.ts"')),
    ).toBe(true);
    expect(problems).toContain("Dockerfile's runtime stage does not switch to a user other than root");
  });

  it("reports a README process whose entry is not what its script runs", () => {
    const readme = file("README.md").replace(
      "| worker  | `worker/index.ts`",
      "| worker  | `worker/run.ts`  ",
    );
    expect(checkReadme(readme, scripts)).toEqual([
      `README.md runs worker from worker/run.ts, but npm run worker runs ${scripts.worker}`,
    ]);
  });
});

describe("deploy/systemd", () => {
  it("reports a unit whose ExecStart is no process's script, and a process without a unit", () => {
    const web = file("deploy/systemd/messaging-web.service").replace(
      "ExecStart=/usr/bin/node --import tsx scripts/web.ts",
      "ExecStart=/usr/bin/npx next start",
    );
    expect(checkSystemdUnits({ "web.service": web }, scripts)).toEqual([
      'web.service runs "/usr/bin/npx next start", which is none of the processes\' npm scripts',
      "deploy/systemd has no unit running web",
      "deploy/systemd has no unit running worker",
      "deploy/systemd has no unit running migrations",
    ]);
  });
});
