import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRS, RICH_TEXT_DROP, RICH_TEXT_GLOBAL_ATTRS, RICH_TEXT_TAGS, richTextSafeUrl } from '@klubhus/domain';

const OWN_FILE = /^\/api\/files\/\d+$/;
const HTTP = /^https?:\/\//i;

/**
 * Rich comment text as stored: basic formatting, links (http, https, mailto)
 * and images from http(s) or our own /api/files/{id}; no scripts, styles,
 * event handlers or other URL schemes.
 */
export function sanitizeComment(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'span', 'a', 'img'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        return { tagName, attribs: HTTP.test(src) || OWN_FILE.test(src) ? attribs : { ...attribs, src: '' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/** True when the sanitised text has nothing a person would read or see. */
export function isBlank(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).replace(/&nbsp;|\s/g, '') === '';
}

/**
 * Club-written HTML (an event's description) as the web app's RichText shows it: the same allow-list
 * (@klubhus/domain richText.ts) as its DOMParser sanitiser, applied on the server where the first
 * screen of /events is painted. Unknown elements are unwrapped, RICH_TEXT_DROP ones go with their
 * content, comments go, attributes and link targets only from the allow-list.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const allowedAttributes: Record<string, string[]> = { '*': [...RICH_TEXT_GLOBAL_ATTRS] };
  for (const [tag, attrs] of Object.entries(RICH_TEXT_ATTRS)) allowedAttributes[tag] = [...attrs, ...RICH_TEXT_GLOBAL_ATTRS];
  const keepSafe = (attr: 'href' | 'src') => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const next = { ...attribs };
    if (next[attr] !== undefined && !richTextSafeUrl(next[attr], attr === 'src')) delete next[attr];
    if (tagName === 'a' && next.target === '_blank') next.rel = 'noopener noreferrer';
    return { tagName, attribs: next };
  };
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes,
    // The URL rules are richTextSafeUrl's (below); sanitize-html's own scheme check lets everything through to it.
    allowedSchemes: ['http', 'https', 'mailto', 'tel', 'data'],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...RICH_TEXT_DROP],
    transformTags: { a: keepSafe('href'), img: keepSafe('src') },
  });
}
