export interface LighthouseSummary {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferKB: number;
  unusedJsKB: number;
  requests: number;
}
export const LIGHTHOUSE_PAGES: string[];
export const LIGHTHOUSE_GOAL: { performance: number; accessibility: number; lcpMs: number };
export function runLighthouse(opts?: { runs?: number; pages?: string[]; log?: (...args: unknown[]) => void; saveDir?: string | null }): Promise<LighthouseSummary[]>;
export function meetsGoal(r: LighthouseSummary): boolean;
export function printLighthouse(results: LighthouseSummary[], log?: (...args: unknown[]) => void): void;
