/**
 * Rich text whose sanitizer (DOMPurify, rich-text.tsx) is not part of the page's first load: its
 * code starts loading as soon as a screen that shows rich text does (with that screen's data), and
 * until it is there the box stays empty — nothing unsanitized ever reaches the page.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { RichTextProps } from './rich-text';

let Loaded: ComponentType<RichTextProps> | undefined;
const loading = import('./rich-text').then((module) => (Loaded = module.RichText));
const Lazy = lazy(() => loading.then((RichText) => ({ default: RichText })));

export function LazyRichText(props: RichTextProps) {
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className={props.className} data-testid={props['data-testid']} />}>
      <Lazy {...props} />
    </Suspense>
  );
}
