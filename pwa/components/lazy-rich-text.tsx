/**
 * Rich text whose sanitizer (DOMPurify, rich-text.tsx) is not part of the page's first load: its
 * code starts loading as soon as a screen that shows rich text does (with that screen's data), and
 * until it is there the box stays empty — nothing unsanitized ever reaches the page. If it cannot
 * be loaded, the nearest error boundary (the section's or the page's) says so, and its "Try again"
 * asks for it again.
 */
import type { RichTextProps } from './rich-text';
import { preloadable, useLoaded } from '../lib/preloadable';

const sanitizer = preloadable(() => import('./rich-text').then((module) => module.RichText));
// A failure here is met again, and shown, when the text renders.
sanitizer.preload().catch(() => undefined);

export function LazyRichText(props: RichTextProps) {
  const Loaded = useLoaded(sanitizer, { throwOnError: true });
  if (Loaded) return <Loaded {...props} />;
  return <div className={props.className} data-testid={props['data-testid']} />;
}
