// Reports rendered per second: the adviser's email (HTML and text) plus the PDF, as the sender
// renders each report, on one core. Target: at least 50 reports/s on this machine.
// Usage: node scripts/run-ts.mjs bench/reports.bench.ts   (BENCH_SECONDS, default 10)
import { renderAdviserReportEmail, renderReportPdf } from '@risk-profile/notification/rendering';
import { signedAssessment } from '@risk-profile/notification/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const event = signedAssessment({ selectedProfile: 'Growth' });
const input = { assessment: event.data, adviser: event.data.adviser, timeZone: 'Australia/Sydney' };

async function renderOne(): Promise<number> {
  const [email, pdf] = await Promise.all([renderAdviserReportEmail(input), renderReportPdf(input)]);
  return email.html.length + pdf.length;
}

for (let i = 0; i < 20; i++) await renderOne(); // warm up
const durations: number[] = [];
let bytes = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  const t = performance.now();
  bytes += await renderOne();
  durations.push(performance.now() - t);
}
const elapsed = (performance.now() - started) / 1000;
durations.sort((a, b) => a - b);
const pct = (p: number) =>
  durations[Math.min(durations.length - 1, Math.floor(p * durations.length))]!.toFixed(1);
console.log(
  `reports (HTML email + PDF): ${(durations.length / elapsed).toFixed(1)}/s over ${durations.length} reports; ` +
    `p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms; ${(bytes / durations.length / 1024).toFixed(0)} KB each (target ≥ 50/s)`,
);
