/** The storefront's events texts and counts (no zod: the home page's first load). */
export const PUBLIC_EVENTS_MSG = {
  noUpcoming: 'Der er pt. ingen kommende arrangementer.',
  seeMore: 'Se mere',
} as const;
/** /events: the upcoming events it lists (and the server's first screen of it paints). */
export const EVENTS_PAGE_LIMIT = 50;
/** Home: 2 featured, 12 upcoming (SPEC §9). */
export const HOME_FEATURED = 2;
export const HOME_UPCOMING = 12;
