import { describe, expect, it } from 'vitest';
import { hasVisibleText, plainText } from './rich-text';

describe('rich text read as words', () => {
  it('drops tags, reads entities once and folds white space', () => {
    expect(plainText('<h2>GMP</h2><p>Is &amp; was <strong>clean</strong>?</p>')).toBe('GMP Is & was clean ?');
    expect(plainText('<p>a&nbsp;&nbsp;b &lt;c&gt; &quot;d&quot; &#39;e&#39;</p>')).toBe('a b <c> "d" \'e\'');
    // Typed as "&lt;" by the author: shown as "&lt;", not as "<".
    expect(plainText('<p>&amp;lt;</p>')).toBe('&lt;');
  });

  it('calls an editor holding only spaces, non-breaking spaces or empty tags empty', () => {
    for (const empty of ['', '<p></p>', '<p> </p>', '<p>&nbsp;</p>', '<p>&#160;<br></p>', '<ul><li>&NBSP;</li></ul>'])
      expect(hasVisibleText(empty), empty).toBe(false);
    expect(hasVisibleText(null)).toBe(false);
    expect(hasVisibleText('<p>0</p>')).toBe(true);
  });
});
