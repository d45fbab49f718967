/**
 * Helvetica (pdf-lib's standard fonts) speaks WinAnsi: Danish letters are in it; a control character
 * becomes a space and anything else '?' rather than failing the document (tickets, table cards).
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const printable = (s: string) =>
  [...s]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (c < 32) return ' ';
      return c < 256 || WIN_ANSI_EXTRA.includes(ch) ? ch : '?';
    })
    .join('');
