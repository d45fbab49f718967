/** What the API needs to know about where it runs. */
export interface ApiConfig {
  /** Absolute base URL used in e-mailed links (never taken from the Host header). */
  baseUrl: string;
  /** Cookies carry Secure when the app is served over TLS. */
  secureCookies: boolean;
  /** Directory for uploaded files and other state (local storage adapter). */
  dataDir: string;
}
