/**
 * Content writes laid over the syllabus: what waits in the outbox shows, marked, in the order it
 * was made (a module added, a lesson added to it is impossible offline — its id is not known —
 * so lessons go into known modules); a write the server answered takes the id it gave.
 */
import { describe, expect, it } from 'vitest';
import type { Syllabus } from '@contracts/learning';
import { groupsOf, outlineOf } from './content-outline';
import { applyWrite, isContentWrite, isPendingId, pendingId, withPendingWrites } from './pending-writes';

const SYLLABUS: Syllabus = {
  courseId: 'c1',
  entitled: true,
  noSkipping: false,
  modules: [
    {
      id: 'm1',
      title: 'Basics',
      lessons: [
        { id: 'l1', title: 'Intro', kind: 'video' },
        { id: 'l2', title: 'Handout', kind: 'document' },
      ],
    },
    { id: 'm2', title: 'Advanced', lessons: [] },
  ],
};

const view = (outline: ReturnType<typeof outlineOf>) =>
  groupsOf(outline).map((g) => ({
    title: g.title,
    marked: !!(g.pending || g.unsynced),
    lessons: g.lessons.map((l) => `${l.title}${l.pending ? ' (new)' : l.unsynced ? ' (changed)' : ''}`),
  }));

describe('writes laid over the syllabus', () => {
  it('shows queued creates, renames, moves, orders and deletes in the order they were made', () => {
    const outline = withPendingWrites(outlineOf(SYLLABUS), [
      { id: 'e1', method: 'POST', url: '/api/courses/c1/modules', body: { title: 'Wrap-up' } },
      { id: 'e2', method: 'POST', url: '/api/courses/c1/lessons', body: { title: 'Summary', kind: 'text', moduleId: 'm2', body: '<p>Hi</p>' } },
      { id: 'e3', method: 'PUT', url: '/api/modules/m1', body: { title: 'Foundations' } },
      { id: 'e4', method: 'PUT', url: '/api/courses/c1/lessons/order', body: { ids: ['l2', 'l1'] } },
      { id: 'e5', method: 'PUT', url: '/api/lessons/l1', body: { moduleId: 'm2' } },
      { id: 'e6', method: 'PUT', url: '/api/courses/c1/modules/order', body: { ids: ['m2', 'm1'] } },
    ]);
    expect(view(outline)).toEqual([
      { title: 'Advanced', marked: false, lessons: ['Intro (changed)', 'Summary (new)'] },
      { title: 'Foundations', marked: true, lessons: ['Handout'] },
      { title: 'Wrap-up', marked: true, lessons: [] },
    ]);
    const created = outline.lessons.find((l) => l.title === 'Summary')!;
    expect(created.id).toBe(pendingId('e2'));
    expect(isPendingId(created.id)).toBe(true);
    expect(created.body).toBe('<p>Hi</p>');
  });

  it('deleting a module leaves its lessons in the course, outside any module; deleting a lesson removes it', () => {
    const outline = withPendingWrites(outlineOf(SYLLABUS), [
      { id: 'e1', method: 'DELETE', url: '/api/modules/m1' },
      { id: 'e2', method: 'DELETE', url: '/api/lessons/l2' },
    ]);
    expect(view(outline)).toEqual([
      { title: 'Lessons', marked: false, lessons: ['Intro'] },
      { title: 'Advanced', marked: false, lessons: [] },
    ]);
  });

  it('takes the server id and state of an answered write, once', () => {
    const write = { method: 'POST', url: '/api/courses/c1/lessons', body: { title: 'Clip', kind: 'video' } };
    const answered = applyWrite(outlineOf(SYLLABUS), write, 'e1', { id: 'l9', title: 'Clip', kind: 'video', hasDocument: false });
    expect(answered.lessons.map((l) => l.id)).toEqual(['l1', 'l2', 'l9']);
    expect(answered.lessons[2]!.pending).toBeUndefined();
    expect(applyWrite(answered, write, 'e1', { id: 'l9' }).lessons).toHaveLength(3);

    const attach = { method: 'PUT', url: '/api/lessons/l1', body: { videoUploadId: 'u1' } };
    const queued = applyWrite(outlineOf(SYLLABUS), attach, 'e2');
    expect(queued.lessons[0]!.video).toEqual({ status: 'queued', progress: 0, durationSeconds: null, error: null });
    const served = applyWrite(outlineOf(SYLLABUS), attach, 'e2', {
      id: 'l1',
      video: { status: 'processing', progress: 5, durationSeconds: null, error: null },
    });
    expect(served.lessons[0]!.video?.status).toBe('processing');
  });

  it('limits material to tiers, and back to every tier', () => {
    const limited = applyWrite(outlineOf(SYLLABUS), { method: 'PUT', url: '/api/lessons/l2', body: { materialTierIds: ['t1'] } }, 'e1');
    expect(limited.lessons[1]!.materialTierIds).toEqual(['t1']);
    const every = applyWrite(limited, { method: 'PUT', url: '/api/lessons/l2', body: { materialTierIds: null } }, 'e2', { id: 'l2' });
    expect(every.lessons[1]!.materialTierIds).toBeNull();
  });

  it('puts captions by language (replacing one uploaded again) and deletes them, marked while they wait', () => {
    const put = (lang: string, label: string) => ({ method: 'PUT', url: `/api/lessons/l1/captions/${lang}`, body: { label, vtt: 'WEBVTT' } });
    const outline = withPendingWrites(outlineOf(SYLLABUS), [
      { id: 'e1', ...put('fr', 'Français') },
      { id: 'e2', ...put('en', 'English') },
      { id: 'e3', ...put('pt-BR', 'Português') },
      { id: 'e4', ...put('en', 'English (US)') },
      { id: 'e5', method: 'DELETE', url: '/api/lessons/l1/captions/pt-BR' },
    ]);
    expect(outline.lessons[0]!.captions).toEqual([
      { lang: 'en', label: 'English (US)' },
      { lang: 'fr', label: 'Français' },
    ]);
    expect(outline.lessons[0]!.unsynced).toBe(true);
    expect(outline.lessons[1]!.captions).toBeUndefined();
    const sent = applyWrite(outline, { method: 'DELETE', url: '/api/lessons/l1/captions/fr' }, 'e6', null);
    expect(sent.lessons[0]!.captions).toEqual([{ lang: 'en', label: 'English (US)' }]);
    expect(isContentWrite({ method: 'DELETE', url: '/api/lessons/l1/captions/fr' })).toBe(true);
  });

  it("takes the course's no skipping ahead from the syllabus, and a change of it, marked while it waits", () => {
    expect(outlineOf({ ...SYLLABUS, noSkipping: true }).noSkipping).toBe(true);
    const write = { method: 'PUT', url: '/api/courses/c1/content-settings', body: { noSkipping: true } };
    expect(isContentWrite(write)).toBe(true);
    const waiting = withPendingWrites(outlineOf(SYLLABUS), [{ id: 'e1', ...write }]);
    expect(waiting).toMatchObject({ noSkipping: true, settingsUnsynced: true });
    const sent = applyWrite(outlineOf(SYLLABUS), write, 'e1', { courseId: 'c1', noSkipping: true });
    expect(sent.noSkipping).toBe(true);
    expect(sent.settingsUnsynced).toBeUndefined();
  });

  it('leaves the outline alone for writes that are not about its content', () => {
    const outline = outlineOf(SYLLABUS);
    expect(applyWrite(outline, { method: 'POST', url: '/api/videos/v1/retry' }, 'e1')).toBe(outline);
    expect(isContentWrite({ method: 'PUT', url: '/api/courses/c1/lessons/order' })).toBe(true);
    // The course's own edits and tiers share its outbox entity, but are not content.
    expect(isContentWrite({ method: 'PUT', url: '/api/courses/c1' })).toBe(false);
    expect(isContentWrite({ method: 'POST', url: '/api/courses/c1/pricing-tier' })).toBe(false);
  });
});
