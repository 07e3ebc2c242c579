/**
 * Each catalogue write names what it changes in the outbox: the entity its order is kept per
 * (a course's writes, its tiers' creation included, go one after the other) and the label the
 * sync status and the conflict view show.
 */
import { describe, expect, it } from 'vitest';
import { writesMadeOffline } from '@pwa/offline/back-office/offline-writes.test-support';
import { createCourse } from './create-course';
import { createInstructor } from './create-instructor';
import { createTier } from './create-tier';
import { deleteCourse } from './delete-course';
import { deleteInstructor } from './delete-instructor';
import { deleteTier } from './delete-tier';
import { duplicateCourse } from './duplicate-course';
import { updateCourse } from './update-course';
import { updateInstructor } from './update-instructor';
import { updateTier } from './update-tier';

const NEW_ID = '7a1c2b9e-0d3f-4e5a-8b6c-9d0e1f2a3b4c';

const { kept } = writesMadeOffline();

describe('catalogue writes in the outbox', () => {
  it('courses: one entity per course, the id a create names included', async () => {
    expect(await kept(() => createCourse({ id: NEW_ID, title: 'New' } as never))).toEqual({
      method: 'POST',
      url: '/api/courses',
      entity: `course:${NEW_ID}`,
      label: 'Create course',
    });
    expect(await kept(() => updateCourse({ id: 'c1', body: { title: 'T', version: 3 } as never }))).toEqual({
      method: 'PUT',
      url: '/api/courses/c1',
      entity: 'course:c1',
      label: 'Update course',
    });
    expect(await kept(() => deleteCourse('c1'))).toEqual({ method: 'DELETE', url: '/api/courses/c1', entity: 'course:c1', label: 'Delete course' });
    expect(await kept(() => duplicateCourse('c1'))).toEqual({
      method: 'POST',
      url: '/api/courses/c1/duplicate',
      entity: 'course:c1',
      label: 'Duplicate course',
    });
  });

  it('a course created without an id still gets an entity of its own', async () => {
    const { entity, label } = await kept(() => createCourse({ title: 'No id' } as never));
    expect(entity).toMatch(/^course:[0-9a-f-]{36}$/);
    expect(label).toBe('Create course');
  });

  it('pricing tiers: added with their course, changed and deleted per tier', async () => {
    expect(await kept(() => createTier({ courseId: 'c1', body: { name: 'Standard', price: '10.00' } as never }))).toEqual({
      method: 'POST',
      url: '/api/courses/c1/pricing-tier',
      entity: 'course:c1',
      label: 'Add pricing tier',
    });
    const update = await kept(() => updateTier({ id: 't1', body: { name: 'Gold' } as never }));
    expect(update).toMatchObject({ method: 'PUT', url: '/api/pricing-tiers/t1', label: 'Update pricing tier' });
    const remove = await kept(() => deleteTier('t1'));
    expect(remove).toMatchObject({ method: 'DELETE', url: '/api/pricing-tiers/t1', label: 'Delete pricing tier' });
    // One tier's writes keep their order; another tier's do not wait for them.
    expect(remove.entity).toBe(update.entity);
    expect((await kept(() => deleteTier('t2'))).entity).not.toBe(update.entity);
  });

  it('instructors: one entity per instructor, the id a create names included', async () => {
    expect(await kept(() => createInstructor({ id: NEW_ID, name: 'Ada' } as never))).toEqual({
      method: 'POST',
      url: '/api/instructors',
      entity: `instructor:${NEW_ID}`,
      label: 'Create instructor',
    });
    expect(await kept(() => updateInstructor({ id: 'i1', body: { name: 'Ada L.' } as never }))).toEqual({
      method: 'PUT',
      url: '/api/instructors/i1',
      entity: 'instructor:i1',
      label: 'Update instructor',
    });
    expect(await kept(() => deleteInstructor('i1'))).toEqual({
      method: 'DELETE',
      url: '/api/instructors/i1',
      entity: 'instructor:i1',
      label: 'Delete instructor',
    });
  });
});
