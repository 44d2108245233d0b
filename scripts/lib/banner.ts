import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { bold, green, log } from "./log.ts";

type Demo = {
  dashboardUrl: string;
  email: string;
  password: string;
  apiKey: string;
  organizationId?: string;
  bannerShownAt: string | null;
};

/**
 * Shows the demo credentials with a ready curl line the first time the web app is up (also when
 * the first start failed before that), and from then on only where they are kept.
 */
export function announceDemo(file: string, root: string, appUrl: string): void {
  const demo = readDemo(file);
  if (!demo || demo.bannerShownAt) {
    log.info(`ready on ${appUrl}; demo credentials are in ${relative(root, file)}`);
    return;
  }
  printBanner(demo, relative(root, file));
  writeFileSync(file, `${JSON.stringify({ ...demo, bannerShownAt: new Date().toISOString() }, null, 2)}\n`, {
    mode: 0o600,
  });
}

function printBanner(demo: Demo, where: string): void {
  const lines = [
    bold("Demo account created (shown once)"),
    "",
    `Dashboard  ${demo.dashboardUrl}/sign-in`,
    `API docs   ${demo.dashboardUrl}/docs`,
    `E-mail     ${demo.email}`,
    `Password   ${demo.password}`,
    `API key    ${demo.apiKey}`,
    ...(demo.organizationId ? [`Org id     ${demo.organizationId} (for the admin CLI: --org)`] : []),
    "",
    "Try it:",
    green(`curl -s ${demo.dashboardUrl}/v1/contacts -H "Authorization: Bearer ${demo.apiKey}"`),
    "",
    `Saved in ${where} (keep it private).`,
  ];
  const rule = "─".repeat(72);
  // no right-hand border: the curl line is longer than many terminals are wide
  console.log(["", `┌${rule}`, ...lines.map((line) => `│ ${line}`), `└${rule}`, ""].join("\n"));
}

function readDemo(file: string): Demo | null {
  if (!existsSync(file)) return null;
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof value !== "object" || value === null) return null;
    const field = (name: string) => Reflect.get(value, name);
    const strings = ["dashboardUrl", "email", "password", "apiKey"].every(
      (name) => typeof field(name) === "string",
    );
    return strings ? (value as Demo) : null;
  } catch {
    return null;
  }
}
