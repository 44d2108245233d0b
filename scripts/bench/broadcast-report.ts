import type { CpuSample } from "@/scripts/bench/proc-cpu";

export type BroadcastRun = {
  recipients: number;
  perSecond: number;
  createMs: number;
  created: number;
  rssBefore: number;
  rssPeak: number;
  createCpu: CpuSample;
  sendSeconds: number;
  sustained: number;
  sendCpu: CpuSample;
};

export type UpstreamCheck = { accepted: number; refused: number; reached: number; twice: number };

/** What the sandbox received: accepted sends per recipient (each must be exactly one) and 130429 refusals. */
export async function checkUpstream(sandboxUrl: string, phoneNumberId: string): Promise<UpstreamCheck> {
  const res = await fetch(`${sandboxUrl}/_sandbox/messages?phone_number_id=${phoneNumberId}`);
  const { data } = (await res.json()) as { data: { body: { to?: string }; result: number | null }[] };
  const perPhone = new Map<string, number>();
  let refused = 0;
  for (const r of data) {
    if (r.result === 400) refused++;
    if (r.result === 200) perPhone.set(r.body.to ?? "", (perPhone.get(r.body.to ?? "") ?? 0) + 1);
  }
  const counts = [...perPhone.values()];
  return {
    accepted: counts.reduce((a, b) => a + b, 0),
    refused,
    reached: perPhone.size,
    twice: counts.filter((n) => n > 1).length,
  };
}

/** The processes a broadcast's CPU budget counts (the sandbox stands in for Meta; the bench polls). */
const BUDGET = ["web", "worker", "postgres (this database)", "postgres (shared: WAL, checkpoints)", "redis"];

export function printRun(run: BroadcastRun, upstream: UpstreamCheck, statuses: string): void {
  const mb = (n: number) => n.toFixed(0);
  console.log(
    `\nbench:broadcast — ${run.recipients.toLocaleString()} recipients by tag, channel at ${run.perSecond}/s, one web and one worker process`,
  );
  console.log(
    `\ncreate: ${(run.createMs / 1000).toFixed(2)} s (201, total ${run.created}); web RSS ${mb(run.rssBefore)} → peak ${mb(run.rssPeak)} MB (+${mb(run.rssPeak - run.rssBefore)} MB)`,
  );
  const cpu = Object.entries(run.createCpu).map(([k, v]) => `${k} ${v}`);
  console.log(`  CPU during creation, ms: ${cpu.join(", ")}`);
  console.log(
    `\nsend: ${run.sendSeconds.toFixed(1)} s from the first message to the last; sustained ${run.sustained.toFixed(0)} messages/s (10 % → 90 %)`,
  );
  console.log("  CPU ms per message:");
  let budget = 0;
  for (const [name, ms] of Object.entries(run.sendCpu)) {
    const per = ms / run.recipients;
    if (BUDGET.includes(name)) budget += per;
    console.log(`    ${name.padEnd(40)} ${per.toFixed(3)}`);
  }
  console.log(`    ${"web + worker + PostgreSQL + Redis".padEnd(40)} ${budget.toFixed(3)}`);
  const all = Object.values(run.sendCpu).reduce((a, b) => a + b, 0);
  const busy = ((all / (run.sendSeconds * 1000 * 2)) * 100).toFixed(0);
  console.log(
    `  these processes kept the machine's two cores ${busy} % busy (other engineers' work ran beside)`,
  );
  console.log(
    `\nupstream: ${upstream.accepted} accepted, ${upstream.refused} refused (130429); ${upstream.reached} recipients reached, ${upstream.twice} of them more than once`,
  );
  console.log(`recipients: ${statuses}`);
}
