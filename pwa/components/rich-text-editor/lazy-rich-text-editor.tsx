/** The rich-text field, loaded when a form shows it (TipTap is about 100 KiB of its own). */
import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spinner size="small" label={`Loading the ${props.label.toLowerCase()} editor...`} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
