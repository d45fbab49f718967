/**
 * The allow-list for club-written HTML (terms, descriptions): one set of rules for the web app's
 * DOMParser sanitiser (apps/web/src/ui/sanitize.ts) and the server's (packages/api/src/comments/sanitize.ts,
 * sanitizeRichText: the first screen of /events). Unknown elements are unwrapped (their text kept),
 * RICH_TEXT_DROP ones dropped with their content, attributes kept only from the allow-list, and links
 * only with http(s)/mailto/tel or relative targets.
 */
export const RICH_TEXT_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
export const RICH_TEXT_DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base']);
export const RICH_TEXT_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
};
export const RICH_TEXT_GLOBAL_ATTRS = new Set(['title']);

/** Whether a link (href) or an image (src) may keep this target. */
export function richTextSafeUrl(value: string, forImage: boolean): boolean {
  const v = value.trim().toLowerCase();
  if (v.startsWith('/') || v.startsWith('#') || v.startsWith('./')) return !v.startsWith('//');
  if (v.startsWith('https://') || v.startsWith('http://')) return true;
  if (!forImage && (v.startsWith('mailto:') || v.startsWith('tel:'))) return true;
  if (forImage && /^data:image\/(png|jpe?g|gif|webp);/.test(v)) return true;
  return false;
}
