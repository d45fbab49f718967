import { COMPANY_STATUS_LABELS, COMPANY_STATUS_VALUES } from '@klubhus/domain';

/** Status filter of the list (SPEC §2): Alle plus the four statuses, in SPEC order. */
export const STATUS_FILTERS = [{ value: '', label: 'Alle' }, ...COMPANY_STATUS_VALUES.map((v) => ({ value: String(v), label: COMPANY_STATUS_LABELS[v] }))];

export const STATUS_OPTIONS = COMPANY_STATUS_VALUES.map((v) => ({ value: String(v), label: COMPANY_STATUS_LABELS[v] }));

export const STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'orange', 99: 'gray' };

/** SPEC §9: the utilization bar is capped at 100. */
export const utilizationBar = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));
