/**
 * Rich text (the editor's sanitised HTML) read as words: one rule for the API and the PWA, so a
 * text the back office calls empty is one the server refuses too.
 */

/** The words of rich text, without its tags and with its entities read (an editor left empty still holds `<p></p>`). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether rich text shows any words: `<p>&nbsp;</p>` or `<p> </p>` does not. */
export function hasVisibleText(html: string | null | undefined): boolean {
  return !!html && plainText(html) !== '';
}
