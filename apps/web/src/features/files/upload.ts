/** '12 kB', '1,4 MB' */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${(n / 1024 / 1024).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}

/** 'YYYY-MM-DD' (or an ISO timestamp) as a Danish date: '24.12.2026'. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d).toLocaleDateString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric' });
  }
  const dt = value instanceof Date ? value : new Date(value);
  return Number.isNaN(dt.getTime()) ? '' : dt.toLocaleDateString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** Date and time the Danish way: '24.12.2026 14.30'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const dt = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(dt.getTime())) return '';
  return dt.toLocaleString('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
