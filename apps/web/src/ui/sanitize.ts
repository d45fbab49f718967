import { RICH_TEXT_ATTRS, RICH_TEXT_DROP, RICH_TEXT_GLOBAL_ATTRS, RICH_TEXT_TAGS, richTextSafeUrl } from '@klubhus/domain';

/**
 * A small allow-list HTML sanitiser for club-written HTML (terms, descriptions),
 * run in the browser with DOMParser: unknown elements are unwrapped (their text
 * kept), dangerous ones dropped with their content, attributes kept only from
 * the allow-list, and links only with http(s)/mailto/tel or relative targets
 * (the rules: @klubhus/domain richText.ts).
 */
function clean(node: Node, doc: Document) {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (RICH_TEXT_DROP.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!RICH_TEXT_TAGS.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const allowed = RICH_TEXT_GLOBAL_ATTRS.has(name) || RICH_TEXT_ATTRS[tag]?.has(name);
      if (!allowed) el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src') && !richTextSafeUrl(attr.value, name === 'src')) el.removeAttribute(attr.name);
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
