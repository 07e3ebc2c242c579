/**
 * A text lesson's page, in the back office's rich-text editor (the one course descriptions use;
 * loaded on demand), saved with "Save text" (PUT /api/lessons/:id { body }; the server sanitises
 * it as it does descriptions).
 */
import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import type { OutlineLesson } from '../lib/content-outline';
import type { ContentActions } from '../hooks/use-content-actions';
import { useContentStyles } from './content-styles';

export function TextBodyEditor({ lesson, actions }: { lesson: OutlineLesson; actions: ContentActions }) {
  const styles = useContentStyles();
  const saved = lesson.body ?? '';
  const [body, setBody] = useState(saved);
  // What was last saved from here (the server's copy is sanitised: compared with it, the text would never look saved).
  const [base, setBase] = useState(saved);
  const [busy, setBusy] = useState(false);
  const changed = body !== base;
  return (
    <div className={styles.panel}>
      <LazyRichTextEditor label="Lesson text" value={saved} onChange={setBody} />
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={!changed || busy}
          onClick={() => {
            setBusy(true);
            void actions
              .updateLesson(lesson, { body }, 'Save lesson text', `Text of “${lesson.title}” saved.`)
              .then((outcome) => (outcome.kind === 'refused' ? undefined : setBase(body)))
              .finally(() => setBusy(false));
          }}
        >
          Save text
        </Button>
        {changed ? <Text className={styles.meta}>Unsaved changes</Text> : null}
      </div>
    </div>
  );
}
