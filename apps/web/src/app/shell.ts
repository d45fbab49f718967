// From the file, not '@klubhus/domain': vite.config.ts imports this module, and its config loader leaves
// workspace packages to Node, which does not load their TypeScript (publicEvents.ts imports nothing).
import { PUBLIC_EVENTS_MSG } from '../../../../packages/domain/src/publicEvents';
import { LOGIN_TEXT } from '../features/auth/texts';
import { HOME_TEXT } from '../features/storefront/texts';

/**
 * The first screen of the public pages /, /login and /events as plain HTML and CSS, painted by the
 * browser straight from the server's answer while the app's JavaScript still loads (Lighthouse's
 * first and largest contentful paint). The same texts and the same boxes as the React screens
 * (PublicLayout + HomePage, AuthLayout + LoginPage, PublicLayout + EventsPage for a visitor at a
 * phone's and a desktop's width, Chakra's light theme), so the swap shows no jump; what needs the
 * app (the form's fields, the cart) is drawn as its empty frame. /events carries the visitor's event
 * cards: the server fills SHELL_EVENTS with SHELL_EVENT_PARTS (EventCard's boxes, one card per event
 * of the public list, texts escaped, descriptions sanitised), or with the skeleton when it has none.
 *
 * The build writes them to dist/shell.json (vite.config.ts); the server sends one inside index.html
 * only to a visitor (no session, so there is no user whose content it could get wrong) in the
 * light theme, with the club's name and logo filled in (SHELL_CLUB, SHELL_LOGO); /events only when the club has the
 * events module. The app renders into the hidden #root and
 * removes #shell once its first screen is there (router.tsx).
 */
export const SHELL_CLUB = '%CLUB%';
/** Where the club's logo goes (ClubLogo: an image 36 px high before the name), or nothing. */
export const SHELL_LOGO = '%LOGO%';

const FONT = `Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"`;

/** Chakra's light tokens as the screens use them (bg.subtle, fg, border, brand.solid, fg.muted …). */
export const SHELL_CSS = `body{margin:0}
#shell~#root{display:none}
#shell{font-family:${FONT};font-size:16px;line-height:1.5;color:#09090b;background:#fafafa;-webkit-font-smoothing:antialiased}
:where(#shell *){box-sizing:border-box;margin:0;padding:0;border:0 solid #e4e4e7}
:where(#shell a){color:inherit;text-decoration:none}
:where(#shell img){display:block;max-width:100%;height:auto}
:where(#shell h1,#shell h2,#shell h3,#shell h4,#shell h5,#shell h6){font-size:inherit;font-weight:inherit}
:where(#shell ol,#shell ul){list-style:none}
.ks-page{display:flex;flex-direction:column;min-height:100dvh;background:#fafafa}
.ks-header{background:#fff;border-bottom-width:1px;position:sticky;top:0;z-index:1100}
.ks-container{position:relative;max-width:72rem;width:100%;margin:0 auto;padding:0 16px}
.ks-bar{display:flex;height:64px;align-items:center;justify-content:space-between;gap:16px}
.ks-logo{display:flex;align-items:center;gap:8px;color:#27272a}
.ks-logo img{height:36px;max-width:8rem;object-fit:contain}
.ks-logo-text{font-size:18px;line-height:27px;font-weight:700;letter-spacing:-0.025em;overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:1}
.ks-row{display:flex;align-items:center;gap:8px}
.ks-btn{display:flex;align-items:center;justify-content:center;border-width:1px;border-color:transparent;border-radius:4px;font-size:14px;line-height:20px;font-weight:500;white-space:nowrap}
.ks-sm{height:36px;min-width:36px;padding:0 14px}
.ks-md{height:40px;min-width:40px;padding:0 16px}
.ks-ghost{color:#27272a}
.ks-solid{background:#1d53ee;color:#fff!important}
.ks-outline{border-color:#e4e4e7;color:#27272a}
.ks-icon{padding:0;width:36px}
.ks-icon svg{width:16px;height:16px}
.ks-main{flex:1;min-height:100dvh;padding:24px 0}
.ks-stack{display:flex;flex-direction:column}
.ks-card{display:flex;flex-direction:column;position:relative;background:#fff;border-radius:6px;overflow:hidden}
.ks-card-outline{border-width:1px}
.ks-card-elevated{box-shadow:0 4px 8px 0 rgba(24,24,27,.1),0 0 1px 0 rgba(24,24,27,.3)}
.ks-stripe{height:8px;background-image:linear-gradient(to right,#1d53ee,#a855f7)}
.ks-body{display:flex;flex-direction:column;padding:24px}
.ks-h1{font-size:30px;line-height:38px;font-weight:600;margin-bottom:12px}
.ks-lead{font-size:18px;line-height:27px;color:#52525b}
.ks-auth{display:flex;align-items:center;justify-content:center;min-height:100dvh;background:#fafafa;padding:40px 16px}
.ks-auth-stack{display:flex;flex-direction:column;gap:24px;width:100%;max-width:28rem}
.ks-center{display:flex;align-items:center;justify-content:center}
.ks-h1-xl{font-size:20px;line-height:30px;font-weight:600;margin-bottom:24px}
.ks-field{display:flex;flex-direction:column;align-items:flex-start;gap:6px}
.ks-label{display:flex;gap:4px;font-size:14px;line-height:20px;font-weight:500}
.ks-required{color:#ef4444;line-height:14px}
.ks-input{width:100%;height:40px;background:#fff;border-width:1px;border-radius:4px}
.ks-split{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.ks-check{display:flex;align-items:center;gap:10px;font-size:14px;line-height:20px;font-weight:500}
.ks-box{width:20px;height:20px;border:1px solid #d4d4d8;border-radius:2px}
.ks-link{color:#1640d6!important;font-size:14px;line-height:21px}
.ks-footnote{text-align:center;font-size:14px;line-height:21px;color:#52525b}
.ks-h1-2xl{font-size:24px;line-height:32px;font-weight:600}
.ks-grid{display:grid;grid-template-columns:1fr;gap:20px}
.ks-banner{position:relative;aspect-ratio:16/9;background:#f4f4f5;overflow:hidden}
.ks-banner>*{position:absolute;inset:0;width:100%;height:100%}
.ks-banner>img{object-fit:cover}
.ks-ev{min-width:0;overflow-wrap:break-word;height:100%}
.ks-ev>.ks-body{flex:1;gap:8px}
.ks-ev-gradient{background-image:linear-gradient(to bottom right,#1d53ee,#a855f7)}
.ks-ev-meta{display:flex;flex-direction:column;gap:2px;font-size:14px}
.ks-clamp{overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:1;text-wrap:wrap}
.ks-muted{color:#52525b}
.ks-ev-start{font-weight:500;color:#1640d6}
.ks-ev-title{font-size:16px;line-height:24px;font-weight:600}
.ks-ev-desc{font-size:14px;-webkit-line-clamp:3}
.ks-ev-footer{display:flex;align-items:center;gap:8px;padding:0 24px 24px}
.ks-ev-more{border-color:#d9e8ff;color:#1640d6}
.ks-rich h1,.ks-rich h2,.ks-rich h3{font-weight:700;margin-top:16px;margin-bottom:8px;line-height:1.375}
.ks-rich h1{font-size:24px}
.ks-rich h2{font-size:20px}
.ks-rich h3{font-size:18px}
.ks-rich p{margin-bottom:12px;line-height:1.625}
.ks-rich ul,.ks-rich ol{padding-left:24px;margin-bottom:12px}
.ks-rich ul{list-style-type:disc}
.ks-rich ol{list-style-type:decimal}
.ks-rich a{color:#1640d6;text-decoration:underline}
.ks-rich table{border-collapse:collapse;margin-bottom:12px}
.ks-rich td,.ks-rich th{border-width:1px;padding:4px 8px}
.ks-bone{border-radius:2px;background:#f4f4f5}
@media (min-width:480px){.ks-grid{grid-template-columns:repeat(2,1fr)}}
@media (min-width:768px){.ks-container{padding:0 24px}.ks-main{padding:40px 0}.ks-home-body{padding:40px}.ks-auth-body{padding:32px}}
@media (min-width:1024px){.ks-container{padding:0 32px}.ks-grid{grid-template-columns:repeat(3,1fr)}}`;

const CART_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="8" cy="21" r="1"/><circle cx="19" cy="21" r="1"/><path d="M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12"/></svg>';

const logo = `<a class="ks-logo" href="/" aria-label="${SHELL_CLUB} – forside">${SHELL_LOGO}<span class="ks-logo-text">${SHELL_CLUB}</span></a>`;

/** PublicLayout's header for a visitor: the club, Log ind / Opret bruger and the cart (its count comes with the app). */
const publicPage = (content: string) =>
  `<div class="ks-page"><header class="ks-header"><div class="ks-container"><div class="ks-bar">${logo}<div class="ks-row">` +
  `<a class="ks-btn ks-sm ks-ghost" href="/login">Log ind</a><a class="ks-btn ks-sm ks-solid" href="/signup">Opret bruger</a>` +
  `<span class="ks-btn ks-sm ks-outline ks-icon">${CART_ICON}</span></div></div></div></header>` +
  `<main class="ks-main"><div class="ks-container">${content}</div></main></div>`;

const home = publicPage(
  `<div class="ks-stack" style="gap:32px"><div class="ks-card ks-card-outline"><div class="ks-stripe"></div><div class="ks-body ks-home-body">` +
    `<h1 class="ks-h1">${HOME_TEXT.welcome(SHELL_CLUB)}</h1><p class="ks-lead">${HOME_TEXT.visitorLead}</p>` +
    `<div class="ks-row" style="gap:12px;margin-top:24px"><a class="ks-btn ks-md ks-solid" href="/login">Log ind</a><a class="ks-btn ks-md ks-outline" href="/signup">Opret bruger</a></div>` +
    `</div></div></div>`,
);

const field = (label: string) =>
  `<div class="ks-field"><span class="ks-label">${label}<span class="ks-required" aria-hidden="true">*</span></span><span class="ks-input"></span></div>`;

const login =
  `<main class="ks-auth"><div class="ks-auth-stack"><div class="ks-center">${logo}</div>` +
  `<div class="ks-card ks-card-elevated"><div class="ks-body ks-auth-body"><h1 class="ks-h1-xl">${LOGIN_TEXT.title}</h1>` +
  `<div class="ks-stack" style="gap:16px">${field(LOGIN_TEXT.email)}${field(LOGIN_TEXT.password)}` +
  `<div class="ks-split"><span class="ks-check"><span class="ks-box"></span>${LOGIN_TEXT.rememberMe}</span>` +
  `<a class="ks-link" href="/forgot-password">${LOGIN_TEXT.forgotPassword}</a></div>` +
  `<span class="ks-btn ks-md ks-solid" style="width:100%">${LOGIN_TEXT.submit}</span></div></div></div>` +
  `<div class="ks-footnote">${LOGIN_TEXT.noUser} <a class="ks-link" style="font-weight:500" href="/signup">${LOGIN_TEXT.signup}</a></div>` +
  `</div></main>`;

/** EventsPage while its list loads: the heading and EventGridSkeleton's three cards. */
const skeletonCard =
  '<div class="ks-card ks-card-outline"><div class="ks-banner"></div><div class="ks-body" style="gap:12px">' +
  '<span class="ks-bone" style="height:20px"></span><span class="ks-bone" style="height:20px;width:80%"></span>' +
  '<span class="ks-bone" style="height:24px;width:70%"></span>' +
  '<span class="ks-bone" style="height:20px"></span><span class="ks-bone" style="height:20px"></span><span class="ks-bone" style="height:20px;width:80%"></span>' +
  '</div><div style="padding:0 24px 24px"><span class="ks-bone" style="display:block;height:32px;width:96px"></span></div></div>';
/** Where the server puts the events of /events (SHELL_EVENT_PARTS filled), or the skeleton. */
export const SHELL_EVENTS = '%EVENTS%';
const events = publicPage(`<div class="ks-stack" style="gap:24px"><h1 class="ks-h1-2xl">Arrangementer</h1>${SHELL_EVENTS}</div>`);

/**
 * EventsPage's list as HTML parts the server fills per event (apps/server/src/web.ts): EventGrid of
 * EventCards (headingLevel h2) — the banner (16:9, the image covering it, else the brand gradient),
 * location (one line), start, title, the description (RichText, three lines) and 'Se mere' — or the
 * empty text. Slots are %NAME%; the server fills them in one pass with text it has escaped.
 */
export const SHELL_EVENT_PARTS = {
  grid: '<div class="ks-grid">%CARDS%</div>',
  card:
    '<div class="ks-card ks-card-outline ks-ev"><div class="ks-banner">%BANNER%</div><div class="ks-body">' +
    '<div class="ks-ev-meta">%LOCATION%<p class="ks-ev-start">%START%</p></div><h2 class="ks-ev-title">%TITLE%</h2>%DESCRIPTION%</div>' +
    `<div class="ks-ev-footer"><a class="ks-btn ks-sm ks-ev-more" href="%HREF%" aria-label="Se mere om %TITLE%">${PUBLIC_EVENTS_MSG.seeMore}</a></div></div>`,
  /** The banner image: the first card's is fetched first (the phone's largest paint), the others lazily as EventCard's. */
  image: '<img src="%SRC%" alt="" width="640" height="360" %LOADING%>',
  noImage: '<div class="ks-ev-gradient"></div>',
  location: '<p class="ks-muted ks-clamp">%LOCATION%</p>',
  description: '<div class="ks-rich ks-muted ks-clamp ks-ev-desc">%DESCRIPTION%</div>',
  empty: `<p class="ks-muted">${PUBLIC_EVENTS_MSG.noUpcoming}</p>`,
  /** While the list loads (EventGridSkeleton): what the server sends when it has no list to paint. */
  skeleton: `<div class="ks-grid" aria-hidden="true">${skeletonCard.repeat(3)}</div>`,
};

/** The first screens by path. */
export const SHELL_PAGES: Record<string, string> = { '/': home, '/login': login, '/events': events };
