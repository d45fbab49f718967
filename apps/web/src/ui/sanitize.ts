/**
 * A small allow-list HTML sanitiser for club-written HTML (terms, descriptions),
 * run in the browser with DOMParser: unknown elements are unwrapped (their text
 * kept), dangerous ones dropped with their content, attributes kept only from
 * the allow-list, and links only with http(s)/mailto/tel or relative targets.
 */
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base']);
const ALLOWED_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
};
const GLOBAL_ATTRS = new Set(['title']);

function safeUrl(value: string, forImage: boolean): boolean {
  const v = value.trim().toLowerCase();
  if (v.startsWith('/') || v.startsWith('#') || v.startsWith('./')) return !v.startsWith('//');
  if (v.startsWith('https://') || v.startsWith('http://')) return true;
  if (!forImage && (v.startsWith('mailto:') || v.startsWith('tel:'))) return true;
  if (forImage && /^data:image\/(png|jpe?g|gif|webp);/.test(v)) return true;
  return false;
}

function clean(node: Node, doc: Document) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const allowed = GLOBAL_ATTRS.has(name) || ALLOWED_ATTRS[tag]?.has(name);
      if (!allowed) el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src') && !safeUrl(attr.value, name === 'src')) el.removeAttribute(attr.name);
    }
    if (tag === 'a' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
  }
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}
