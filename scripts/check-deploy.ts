/**
 * `npm run lint`'s check of the deployment artifacts (docs/deploy.md): compose.yaml parses and names
 * only services, volumes and variables that exist; every setting the code reads (lib/config.ts, and
 * the few read elsewhere) is in .env.example and docs/configuration.md, and the other way round; the
 * Dockerfile's, compose.yaml's and deploy/systemd's commands are package.json's scripts for the README's
 * processes.
 * No image is built here (no registry is reachable): this is what keeps the artifacts honest.
 *
 *   npx tsx scripts/check-deploy.ts [root]   prints each problem; exits 1 when there is one
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SETTING_NAMES } from "../lib/config.ts";
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
} from "./lib/deploy-check.ts";

const root = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".";
const read = (file: string): string | undefined =>
  existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : undefined;
const must = (file: string): string => {
  const text = read(file);
  if (text === undefined) {
    console.error(`check-deploy: ${file} is missing`);
    process.exit(1);
  }
  return text;
};

const scripts = (JSON.parse(must("package.json")) as { scripts: Record<string, string> }).scripts;
const envExample = parseEnvExample(must(".env.example"));
const settings = [...SETTING_NAMES, ...SETTINGS_READ_ELSEWHERE.map((s) => s.name)];

/** deploy/systemd/*.service, by path */
function units(): Record<string, string> {
  const dir = "deploy/systemd";
  if (!existsSync(join(root, dir))) return {};
  const names = readdirSync(join(root, dir)).filter((n) => n.endsWith(".service"));
  return Object.fromEntries(names.map((n) => [`${dir}/${n}`, must(`${dir}/${n}`)]));
}

const problems = [
  ...checkSettingsReadElsewhere(read),
  ...checkSettings(settings, envExample, parseConfigurationDoc(must("docs/configuration.md"))),
  ...checkCompose(must("compose.yaml"), { settings, composeOnly: envExample.composeOnly, scripts }),
  ...checkDockerfile(must("Dockerfile"), scripts),
  ...checkReadme(must("README.md"), scripts),
  ...checkSystemdUnits(units(), scripts),
];

for (const problem of problems) console.error(`check-deploy: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(
  `check-deploy: ${settings.length} settings, compose.yaml, Dockerfile, deploy/systemd and README.md agree with the code`,
);
