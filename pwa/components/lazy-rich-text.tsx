/**
 * Rich text whose sanitizer (DOMPurify, rich-text.tsx) loads on first use instead of with the
 * page: until it arrives the same box shows the text without its markup (as plain text, so
 * nothing in it can run), then the formatted, sanitized HTML replaces it in place.
 */
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './rich-text';

const RichText = lazy(() => import('./rich-text').then((module) => ({ default: module.RichText })));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitized HTML: tags become spaces, the common entities their characters. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function LazyRichText(props: RichTextProps) {
  return (
    <Suspense
      fallback={
        <div className={props.className} data-testid={props['data-testid']}>
          {plainTextOf(props.html)}
        </div>
      }
    >
      <RichText {...props} />
    </Suspense>
  );
}
