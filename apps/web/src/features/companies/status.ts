import { COMPANY_STATUS_LABELS, COMPANY_STATUS_VALUES } from '@klubhus/domain';

/** Status filter of the list (SPEC §2): Alle plus the four statuses, in SPEC order. */
export const STATUS_FILTERS = [{ value: '', label: 'Alle' }, ...COMPANY_STATUS_VALUES.map((v) => ({ value: String(v), label: COMPANY_STATUS_LABELS[v] }))];

export const STATUS_OPTIONS = COMPANY_STATUS_VALUES.map((v) => ({ value: String(v), label: COMPANY_STATUS_LABELS[v] }));
