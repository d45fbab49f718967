import type { pdfRenderer } from '@klubhus/integrations';
import { percentile } from './load';

/** The goal for one PDF on a warm browser: p95 under 500 ms. */
export const PDF_GOAL_P95 = 500;

/**
 * A layout's PDF on one warm browser (its page pool): warmed up, then rendered 40 times one after
 * another (p50/p95 against PDF_GOAL_P95), then `atOnce` at the same moment (each must be a PDF).
 * Logs each figure with its goal; true when both goals are met.
 */
export async function benchWarmPdf(renderer: ReturnType<typeof pdfRenderer>, html: string, what: string, atOnce: number, log: (...args: unknown[]) => void): Promise<boolean> {
  const w0 = performance.now();
  await renderer.warm();
  const first = await renderer.render(html);
  log(`\n${what} PDF on a warm browser (${process.env.CHROME_PATH ?? 'system Chromium'}, 2 pages in the pool): warm-up ${(performance.now() - w0).toFixed(0)} ms, ${(first.length / 1024).toFixed(0)} kB`);
  const seq: number[] = [];
  for (let i = 0; i < 40; i++) {
    const s = performance.now();
    await renderer.render(html);
    seq.push(performance.now() - s);
  }
  const p95 = percentile(seq, 95);
  log(`  40 one after another: p50 ${percentile(seq, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal < ${PDF_GOAL_P95} ms) -> ${p95 < PDF_GOAL_P95 ? 'met' : 'NOT met'}`);
  const p0 = performance.now();
  const par = await Promise.allSettled(Array.from({ length: atOnce }, () => renderer.render(html)));
  const failed = par.filter((r) => r.status === 'rejected' || r.value.subarray(0, 4).toString() !== '%PDF').length;
  log(`  ${atOnce} at once: ${atOnce - failed} PDFs, ${failed} failures in ${(performance.now() - p0).toFixed(0)} ms -> ${failed === 0 ? 'met' : 'NOT met'}`);
  return p95 < PDF_GOAL_P95 && failed === 0;
}
