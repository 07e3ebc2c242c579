/**
 * Course descriptions and instructor bios (HTML). The server already sanitizes them when they are
 * saved; they are sanitized again here, in the browser, right before they reach the DOM, so a
 * record that slipped past the server (an old row, a direct database edit, a tampered response)
 * still cannot run script: event-handler attributes, <script>, javascript: URLs, SVG and MathML
 * are dropped, plain HTML formatting is kept.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export interface RichTextProps {
  html: string;
  className?: string;
  'data-testid'?: string;
}

const PROFILE = { USE_PROFILES: { html: true } } as const;

export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, PROFILE);
}

export function RichText({ html, className, 'data-testid': testId }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
