// Reports rendered per second: the adviser's email (HTML and text) plus the PDF, on one core;
// then signed assessments composed per second as the sender's composer does it (both emails
// rendered and encoded, one PDF). Target: at least 50 reports/s on this machine.
// Usage: node scripts/run-ts.mjs bench/reports.bench.ts   (BENCH_SECONDS, default 10)
import { renderAdviserReportEmail, renderReportPdf } from '@risk-profile/notification/rendering';
import { signedAssessment } from '@risk-profile/notification/testing';
import { createComposer } from '../services/notification/src/delivery/compose';
import type { Delivery } from '../services/notification/src/delivery/deliveries';
import { planSignedDeliveries } from '../services/notification/src/delivery/plan-deliveries';

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

// What the sender's composer does per signed assessment (in its worker thread when the product
// runs from its bundles): both emails rendered and encoded to MIME, the PDF rendered once for both.
const planned = (n: number) =>
  planSignedDeliveries(
    signedAssessment({ clientName: `Client ${n}`, clientEmail: `client${n}@example.com` }),
  ).flatMap((p, i) => (p.undeliverable ? [] : [{ ...p.delivery, id: `${n}-${i}` } as unknown as Delivery]));
const compose = createComposer({ timeZone: 'Australia/Sydney', from: 'Risk Profile <reports@example.com>' });
const composeOne = async (n: number) => {
  let size = 0;
  for (const delivery of planned(n)) {
    const composed = await compose(delivery);
    if (composed.channel === 'email') size += composed.mail.raw.length;
  }
  return size;
};
for (let i = 0; i < 20; i++) await composeOne(i); // warm up
let composedBytes = 0;
let assessments = 0;
const composeStarted = performance.now();
while (performance.now() - composeStarted < seconds * 1000) composedBytes += await composeOne(assessments++);
const composeElapsed = (performance.now() - composeStarted) / 1000;
console.log(
  `signed assessments composed (adviser report and client copy, rendered and encoded, one PDF): ` +
    `${(assessments / composeElapsed).toFixed(1)}/s, ${((composeElapsed * 1000) / assessments).toFixed(2)} ms each; ` +
    `${(composedBytes / assessments / 2 / 1024).toFixed(0)} KB an email`,
);

// The PDF alone, for a client named in five scripts: Chinese characters bring the second font
// (Noto Sans Hans) into the PDF and Hebrew is written as code points.
const fiveScripts = signedAssessment({ clientName: 'Nguyễn Thị Ánh Ελένη Иван 王伟 דוד' });
const fiveInput = {
  assessment: fiveScripts.data,
  adviser: fiveScripts.data.adviser,
  timeZone: 'Australia/Sydney',
};
for (let i = 0; i < 20; i++) await renderReportPdf(fiveInput); // warm up
const pdfDurations: number[] = [];
let pdfBytes = 0;
const pdfStarted = performance.now();
while (performance.now() - pdfStarted < seconds * 1000) {
  const t = performance.now();
  pdfBytes += (await renderReportPdf(fiveInput)).length;
  pdfDurations.push(performance.now() - t);
}
pdfDurations.sort((a, b) => a - b);
const pdfPct = (p: number) =>
  pdfDurations[Math.min(pdfDurations.length - 1, Math.floor(p * pdfDurations.length))]!.toFixed(1);
console.log(
  `PDF with a name in five scripts: p50 ${pdfPct(0.5)} ms, p95 ${pdfPct(0.95)} ms over ${pdfDurations.length}; ` +
    `${(pdfBytes / pdfDurations.length / 1024).toFixed(0)} KB each`,
);
