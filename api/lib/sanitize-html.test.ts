import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText', () => {
  it('keeps the allow-listed formatting', () => {
    expect(sanitizeRichText('<h2>Agenda</h2><p>Learn <strong>CAPA</strong> and <em>GMP</em></p><ul><li>One</li></ul>')).toBe(
      '<h2>Agenda</h2><p>Learn <strong>CAPA</strong> and <em>GMP</em></p><ul><li>One</li></ul>',
    );
  });

  it('removes scripts, event handlers, styles and dangerous links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="//evil"></iframe><span style="color:red">t</span></p>';
    const clean = sanitizeRichText(dirty)!;
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=|<img/i);
    expect(clean).toContain('Hi');
  });

  it('forces safe rel on links and keeps null as null', () => {
    expect(sanitizeRichText('<a href="https://example.com">site</a>')).toBe('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>');
    expect(sanitizeRichText(null)).toBeNull();
  });
});
