/**
 * Danish CVR look-up (INTEGRATIONS.md §6). Off by default: manual entry works
 * and the search says it is not set up. The real adapter talks to cvrapi.dk
 * when CVR_API_URL (e.g. https://cvrapi.dk/api) and CVR_API_USER_AGENT are set.
 */
export interface CvrCompany {
  name: string;
  cvr: string;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface CvrLookup {
  /** False for the offline default: the caller tells the user the look-up is not set up. */
  readonly enabled: boolean;
  search(query: string): Promise<CvrCompany[]>;
}

export class CvrError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The offline default: no network, no results. */
export const offlineCvr: CvrLookup = {
  enabled: false,
  async search() {
    return [];
  },
};

type FetchLike = (url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface CvrApiOptions {
  /** e.g. https://cvrapi.dk/api */
  url: string;
  /** Mandatory at cvrapi.dk: "<Company> - <Project> - <contact person> <phone/e-mail>". */
  userAgent: string;
  country?: 'dk' | 'no';
  fetch?: FetchLike;
  timeoutMs?: number;
}

interface CvrApiResponse {
  vat?: number | string;
  name?: string | null;
  address?: string | null;
  zipcode?: string | number | null;
  city?: string | null;
  phone?: string | number | null;
  email?: string | null;
  website?: string | null;
  error?: string;
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** Maps one cvrapi.dk (v6) response to our shape; null when it carries no company. */
export function mapCvrApiResponse(body: unknown): CvrCompany | null {
  if (!body || typeof body !== 'object') return null;
  const r = body as CvrApiResponse;
  if (r.error || r.vat === undefined || r.vat === null || !r.name) return null;
  const website = str(r.website);
  return {
    name: r.name,
    cvr: String(r.vat).padStart(8, '0'),
    address: str(r.address),
    zipCode: str(r.zipcode),
    city: str(r.city),
    email: str(r.email),
    phone: str(r.phone),
    website,
  };
}

/** cvrapi.dk: one best match per search; 8 digits search by CVR number (vat=). */
export function cvrApi(opts: CvrApiOptions): CvrLookup {
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));
  return {
    enabled: true,
    async search(query) {
      const q = query.trim();
      const compact = q.replace(/\s/g, '');
      const params = new URLSearchParams(/^\d{8}$/.test(compact) ? { vat: compact } : { search: q });
      params.set('country', opts.country ?? 'dk');
      params.set('version', '6');
      params.set('format', 'json');
      const url = `${opts.url}${opts.url.includes('?') ? '&' : '?'}${params.toString()}`;
      const res = await doFetch(url, {
        headers: { 'User-Agent': opts.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 8000),
      });
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        throw new CvrError('INVALID_RESPONSE', `cvrapi.dk answered ${res.status} without JSON`);
      }
      // Errors (including quota and ban) may arrive with HTTP 200 and an `error` key.
      const error = body && typeof body === 'object' ? (body as CvrApiResponse).error : undefined;
      if (error === 'NOT_FOUND' || error === 'NO_SEARCH' || error === 'INVALID_VAT') return [];
      if (error) throw new CvrError(error, `cvrapi.dk: ${error}`);
      if (!res.ok) throw new CvrError(`HTTP_${res.status}`, `cvrapi.dk answered ${res.status}`);
      const company = mapCvrApiResponse(body);
      return company ? [company] : [];
    },
  };
}

/** The adapter the environment asks for: cvrapi.dk when CVR_API_URL and CVR_API_USER_AGENT are set, else off. */
export function cvrFromEnv(env: Record<string, string | undefined> = process.env): CvrLookup {
  if (env.CVR_API_URL && env.CVR_API_USER_AGENT) return cvrApi({ url: env.CVR_API_URL, userAgent: env.CVR_API_USER_AGENT });
  return offlineCvr;
}
