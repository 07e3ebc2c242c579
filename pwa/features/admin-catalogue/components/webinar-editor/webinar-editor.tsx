/**
 * The full-screen webinar editor (back-office spec §2: Create Live Webinar, Edit Webinar and the
 * in-page editor variant): a header with the course code (or AUTO_GENERATED), Preview, Cancel and
 * Save Changes; a side panel with basic information, course image, instructor, schedule and
 * duration, and — when editing — the pricing tiers; the rich-text description with a live preview
 * beside it. Required: title, short description, instructor name, start date and time (§5).
 */
import { Button, Card, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { FORM_MESSAGES, webinarFormSchema } from '@contracts/course-admin-forms';
import { useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import { useValidationToast } from '@pwa/lib/toasts';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { ConflictNotice } from '@pwa/components/admin/conflict-notice';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import { courseEntity } from '../../api/catalogue-write';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { useSaveCourse } from '../../hooks/use-save-course';
import { commonBody, commonValues, instructorBody, instructorValues, scheduleBody, scheduleValues, toInteger, toIso } from '../../lib/course-form-values';
import { ActiveSwitch, CodeField, FieldGroup, ImageField, InstructorFields, ScheduleFields, TextAreaField } from '../course-fields';
import { PricingTiersManager } from '../pricing-tiers-manager';
import { WebinarPreview, type WebinarPreviewData } from './webinar-preview';

const useStyles = makeStyles({
  shell: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  code: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  body: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(20rem, 26rem) minmax(0, 1fr)' },
    '@media (min-width: 1400px)': { gridTemplateColumns: 'minmax(20rem, 26rem) minmax(0, 1fr) minmax(18rem, 24rem)' },
  },
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, alignSelf: 'start' },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  draft: { margin: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL} 0` },
});

/**
 * The editor starts from the working copy kept on this device when there is one (typed before a
 * reload, a closed tab or a dropped connection), and says so; "Discard draft" goes back to the
 * server's copy.
 */
export function WebinarEditor({ course, onDone }: { course?: Course; onDone: () => void }) {
  const draftKey = `webinar:${course?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <WebinarEditorForm course={course} onDone={onDone} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function WebinarEditorForm({ course, onDone, draftKey, draft, onDiscard }: { course?: Course; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const validationToast = useValidationToast();
  const save = useSaveCourse('webinar', course);
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewMounted = useOpenedOnce(previewOpen);
  const [opened] = useState(() => ({
    ...commonValues(course),
    code: course?.code ?? '',
    ...instructorValues(course),
    ...scheduleValues(course, COURSE_DEFAULTS.webinar),
    maxParticipants: course?.maxParticipants ? String(course.maxParticipants) : '',
  }));
  const form = useZodForm(webinarFormSchema, restored(opened, draft));
  const v = form.values;
  const draftSaved = useDraftAutosave(draftKey, v, opened, course?.version);

  const preview: WebinarPreviewData = {
    title: v.title,
    shortDescription: v.shortDescription,
    image: v.image,
    description: v.description,
    instructorName: v.instructorName,
    instructorTitle: v.instructorTitle,
    instructorBio: v.instructorBio,
    startDate: toIso(v.startDate, v.startTime, v.timezone),
    duration: toInteger(v.duration),
    timezone: v.timezone,
  };

  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save({
        ...commonBody(values),
        ...(course ? {} : { code: values.code.trim() || undefined, type: 'live_webinar' as const, price: '0' }),
        ...instructorBody(values),
        ...scheduleBody(values),
        maxParticipants: toInteger(values.maxParticipants),
      });
      if (saved) {
        await draftSaved();
        onDone();
      }
    },
    (errors) => validationToast(errors.title || errors.shortDescription || errors.instructorName ? FORM_MESSAGES.editorRequired : FORM_MESSAGES.pageRequired),
  );

  return (
    <form className={styles.shell} onSubmit={submit} noValidate>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{course ? `Edit Webinar: ${course.title}` : 'Create Live Webinar'}</h1>
          <Text className={styles.code}>Course Code: {course?.code ?? (v.code.trim() || 'AUTO_GENERATED')}</Text>
        </div>
        <div className={styles.actions}>
          <Button onClick={() => setPreviewOpen(true)}>Preview</Button>
          <ButtonLink to="/admin/webinars">Cancel</ButtonLink>
          <Button type="submit" appearance="primary" disabled={form.busy}>
            Save Changes
          </Button>
        </div>
      </header>
      {course ? <ConflictNotice entity={courseEntity(course.id)} what="webinar" onSettled={onDiscard} className={styles.draft} /> : null}
      <DraftNotice draft={draft} version={course?.version} onDiscard={onDiscard} className={styles.draft} />
      <div className={styles.body}>
        <Card className={styles.panel}>
          <FieldGroup legend="Basic Information">
            <FormField form={form} name="title" label="Title" required />
            <TextAreaField form={form} name="shortDescription" label="Short Description" required />
            <CodeField form={form} prefix="LIVE" fixed={!!course} />
            <FormField form={form} name="maxParticipants" label="Max Participants" inputMode="numeric" hint="Leave empty for no limit" />
            <ActiveSwitch form={form} />
          </FieldGroup>
          <FieldGroup legend="Course Image">
            <ImageField form={form} name="image" label="Image" />
          </FieldGroup>
          <InstructorFields form={form} />
          <ScheduleFields form={form} />
          {course ? (
            <section aria-labelledby="editor-tiers" className={styles.main}>
              <h2 id="editor-tiers" className={styles.heading}>
                Pricing Tiers
              </h2>
              <PricingTiersManager courseId={course.id} courseTitle={course.title} />
            </section>
          ) : null}
        </Card>
        <div className={styles.main}>
          <LazyRichTextEditor label="Detailed Description" value={v.description} onChange={(html) => form.setValue('description', html)} />
        </div>
        <Card className={styles.panel}>
          <h2 className={styles.heading}>Live Preview</h2>
          <WebinarPreview data={preview} headingLevel="h3" />
        </Card>
      </div>
      {previewMounted ? (
        <Dialog open={previewOpen} onOpenChange={(_event, data) => setPreviewOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Preview</DialogTitle>
            <DialogContent>
              <WebinarPreview data={preview} headingLevel="h3" />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPreviewOpen(false)}>Close</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      ) : null}
    </form>
  );
}
