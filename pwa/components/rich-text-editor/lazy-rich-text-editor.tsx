/**
 * The rich-text field, loaded when a form shows it (TipTap is about 100 KiB of its own). If its code
 * cannot be loaded, the field's place says so with "Try again"; the rest of the form stays, and the
 * text it holds is kept.
 */
import { Spinner } from '@fluentui/react-components';
import { Suspense } from 'react';
import { ErrorBoundary } from '../error-boundary';
import { retryableLazy } from '../../lib/retryable-lazy';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = retryableLazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <ErrorBoundary title={`The ${props.label.toLowerCase()} editor could not be loaded`} headingLevel="h3">
      <Suspense fallback={<Spinner size="small" label={`Loading the ${props.label.toLowerCase()} editor...`} />}>
        <RichTextEditor {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
