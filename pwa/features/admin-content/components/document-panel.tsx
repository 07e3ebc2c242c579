/**
 * A document lesson's PDF: "Choose PDF" sends the file's bytes (PUT /api/lessons/:id/document).
 * A file that is not a PDF (by its first bytes, as the server checks) is refused here with
 * "Please upload a PDF file." and nothing is sent; the server refuses it too. Sent now or not at all:
 * offline it says the upload needs the connection.
 */
import { Text } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { contentKeys } from '../api/content-keys';
import { uploadDocument } from '../api/upload-document';
import type { OutlineLesson } from '../lib/content-outline';
import { formatBytes } from '@pwa/lib/format';
import { pdfProblem } from '../lib/media-files';
import { headingTag, useContentStyles } from './content-styles';
import { FilePicker } from './file-picker';

type Shown = { kind: 'idle' } | { kind: 'busy'; name: string } | { kind: 'done'; name: string; bytes: number } | { kind: 'problem'; message: string };

export function DocumentPanel({ courseId, lesson, headingLevel }: { courseId: string; lesson: OutlineLesson; headingLevel: number }) {
  const styles = useContentStyles();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  const Heading = headingTag(headingLevel);
  const statusId = `document-${lesson.id}`;

  const take = async (file: File) => {
    const problem = await pdfProblem(file);
    if (problem) return setShown({ kind: 'problem', message: problem });
    setShown({ kind: 'busy', name: file.name });
    try {
      const answer = await uploadDocument(lesson.id, file);
      setShown({ kind: 'done', name: file.name, bytes: answer.documentBytes });
      await queryClient.invalidateQueries({ queryKey: contentKeys.outline(courseId) });
    } catch (error) {
      const message = isUnavailable(error)
        ? 'Uploading a PDF needs a connection. Try again once you are back online.'
        : ((error instanceof ApiError ? error.serverMessage : undefined) ?? 'Upload failed');
      setShown({ kind: 'problem', message });
    }
  };

  return (
    <div className={styles.panel}>
      <Heading className={styles.panelTitle}>Handout (PDF)</Heading>
      <Text id={statusId} role="status" className={shown.kind === 'problem' ? styles.problem : styles.meta}>
        {shown.kind === 'busy'
          ? `Uploading ${shown.name}…`
          : shown.kind === 'done'
            ? `${shown.name} (${formatBytes(shown.bytes)}) uploaded.`
            : shown.kind === 'problem'
              ? shown.message
              : lesson.hasDocument
                ? 'A PDF is attached. Choose another to replace it.'
                : 'No PDF yet.'}
      </Text>
      <div className={styles.actions}>
        <FilePicker
          label={lesson.hasDocument || shown.kind === 'done' ? 'Replace PDF' : 'Choose PDF'}
          accept="application/pdf,.pdf"
          disabled={shown.kind === 'busy'}
          describedBy={statusId}
          onFile={(file) => void take(file)}
        />
      </div>
    </div>
  );
}
