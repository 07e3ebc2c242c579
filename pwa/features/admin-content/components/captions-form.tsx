/**
 * A video lesson's captions, one WebVTT file per language: those it has (`CaptionsList`, each
 * deletable), and a new one — the language code ("en", "pt-BR"), the label learners see
 * ("English") and the .vtt file, sent as PUT /api/lessons/:id/captions/:lang { label, vtt } through
 * the outbox (a file uploaded again for a language replaces it, and the field says so). The label's
 * length and the file's size are checked before sending, with the server's limits and words.
 */
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { OutlineLesson } from '../lib/content-outline';
import { CAPTION_LANG, captionsLabelProblem, captionsProblem } from '../lib/media-files';
import type { ContentActions } from '../hooks/use-content-actions';
import { captionName, CaptionsList } from './captions-list';
import { headingTag, useContentStyles } from './content-styles';
import { FilePicker } from './file-picker';

export function CaptionsForm({ lesson, actions, headingLevel }: { lesson: OutlineLesson; actions: ContentActions; headingLevel: number }) {
  const styles = useContentStyles();
  const [lang, setLang] = useState('en');
  const [label, setLabel] = useState('English');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingTag(headingLevel);
  const langProblem = CAPTION_LANG.test(lang.trim()) ? undefined : 'Use a language code such as "en" or "pt-BR"';
  const labelProblem = captionsLabelProblem(label);
  const statusId = `captions-${lesson.id}`;
  const replaces = lesson.captions?.find((c) => c.lang === lang.trim());

  return (
    <form
      className={styles.panel}
      aria-labelledby={`${statusId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!file || langProblem || labelProblem || busy) return;
        setBusy(true);
        void actions
          .captions(lesson, lang.trim(), label.trim(), file.text)
          .then((ok) => {
            if (ok) setSaid({ text: `${label.trim()} captions (${lang.trim()}) uploaded.`, problem: false });
            if (ok) setFile(null);
          })
          .finally(() => setBusy(false));
      }}
    >
      <Heading id={`${statusId}-title`} className={styles.panelTitle}>
        Captions
      </Heading>
      <CaptionsList lesson={lesson} actions={actions} />
      <div className={styles.addRow}>
        <Field label="Language code" validationMessage={langProblem} hint={replaces ? `Replaces the ${captionName(replaces)} captions.` : undefined}>
          <Input value={lang} onChange={(_event, data) => setLang(data.value)} />
        </Field>
        <Field label="Captions label" validationMessage={labelProblem}>
          <Input value={label} onChange={(_event, data) => setLabel(data.value)} />
        </Field>
      </div>
      <Text id={statusId} role="status" className={said?.problem ? styles.problem : styles.meta}>
        {said?.text ?? (file ? `${file.name} chosen.` : 'Choose a WebVTT (.vtt) file.')}
      </Text>
      <div className={styles.actions}>
        <FilePicker
          label="Choose captions file"
          accept=".vtt,text/vtt"
          describedBy={statusId}
          onFile={(chosen) =>
            void chosen.text().then((text) => {
              const problem = captionsProblem(text);
              setFile(problem ? null : { name: chosen.name, text });
              setSaid(problem ? { text: problem, problem: true } : null);
            })
          }
        />
        <Button type="submit" appearance="primary" disabled={!file || busy || !!langProblem || !!labelProblem}>
          Upload captions
        </Button>
      </div>
    </form>
  );
}
