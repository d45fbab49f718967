import sanitizeHtml from 'sanitize-html';

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
