/**
 * The outline of a course's content: grouped as the syllabus groups it, lessons moved within a
 * module (never past its edge) or into another one, modules reordered, and what a move changes
 * (the lesson's module, the course-wide lesson order, the module order).
 */
import { describe, expect, it } from 'vitest';
import type { Syllabus } from '@contracts/learning';
import {
  changesBetween,
  groupsOf,
  lessonIds,
  lessonPlace,
  moduleIds,
  moveLessonBy,
  moveModuleBy,
  outlineOf,
  placeLesson,
  placeModule,
} from './content-outline';

const SYLLABUS: Syllabus = {
  courseId: 'c1',
  entitled: true,
  noSkipping: false,
  modules: [
    { id: null, title: 'Lessons', lessons: [{ id: 'l0', title: 'Welcome', kind: 'text' }] },
    {
      id: 'm1',
      title: 'Basics',
      lessons: [
        { id: 'l1', title: 'Intro', kind: 'video' },
        { id: 'l2', title: 'Handout', kind: 'document' },
      ],
    },
    { id: 'm2', title: 'Advanced', lessons: [{ id: 'l3', title: 'Deep dive', kind: 'video' }] },
  ],
};

const titles = (outline: ReturnType<typeof outlineOf>) => groupsOf(outline).map((g) => `${g.title}: ${g.lessons.map((l) => l.id).join(',')}`);

describe('the content outline', () => {
  it('is the syllabus again when grouped: loose lessons first, then each module', () => {
    const outline = outlineOf(SYLLABUS);
    expect(moduleIds(outline)).toEqual(['m1', 'm2']);
    expect(lessonIds(outline)).toEqual(['l0', 'l1', 'l2', 'l3']);
    expect(titles(outline)).toEqual(['Lessons: l0', 'Basics: l1,l2', 'Advanced: l3']);
    expect(lessonPlace(outline, 'l2')).toEqual({ group: 'Basics', index: 2, count: 2 });
  });

  it('has no "Lessons" group when every lesson is in a module, and keeps empty modules', () => {
    const outline = outlineOf({ ...SYLLABUS, modules: [...SYLLABUS.modules.slice(1), { id: 'm3', title: 'Empty', lessons: [] }] });
    expect(titles(outline)).toEqual(['Basics: l1,l2', 'Advanced: l3', 'Empty: ']);
  });

  it('moves a lesson up and down inside its module only', () => {
    const outline = outlineOf(SYLLABUS);
    const down = moveLessonBy(outline, 'l1', 1)!;
    expect(titles(down)).toEqual(['Lessons: l0', 'Basics: l2,l1', 'Advanced: l3']);
    expect(lessonIds(down)).toEqual(['l0', 'l2', 'l1', 'l3']);
    expect(moveLessonBy(outline, 'l1', -1)).toBeUndefined();
    expect(moveLessonBy(outline, 'l2', 1)).toBeUndefined();
    expect(moveLessonBy(outline, 'l3', -1)).toBeUndefined();
  });

  it('places a lesson in another module, before a lesson or last', () => {
    const outline = outlineOf(SYLLABUS);
    const before = placeLesson(outline, 'l3', 'm1', 'l1');
    expect(titles(before)).toEqual(['Lessons: l0', 'Basics: l3,l1,l2', 'Advanced: ']);
    const last = placeLesson(outline, 'l0', 'm2');
    expect(titles(last)).toEqual(['Basics: l1,l2', 'Advanced: l3,l0']);
    const out = placeLesson(outline, 'l2', null);
    expect(titles(out)).toEqual(['Lessons: l0,l2', 'Basics: l1', 'Advanced: l3']);
    expect(changesBetween(outline, before, 'l3')).toEqual({ moduleId: { value: 'm1' }, lessonOrder: ['l0', 'l3', 'l1', 'l2'], moduleOrder: undefined });
    expect(changesBetween(outline, out, 'l2')).toEqual({ moduleId: { value: null }, lessonOrder: ['l0', 'l2', 'l1', 'l3'], moduleOrder: undefined });
  });

  it('reorders modules by a step or by placing one before another', () => {
    const outline = outlineOf(SYLLABUS);
    expect(moduleIds(moveModuleBy(outline, 'm2', -1)!)).toEqual(['m2', 'm1']);
    expect(moveModuleBy(outline, 'm1', -1)).toBeUndefined();
    expect(moveModuleBy(outline, 'm2', 1)).toBeUndefined();
    expect(moduleIds(placeModule(outline, 'm1'))).toEqual(['m2', 'm1']);
    expect(moduleIds(placeModule(outline, 'm2', 'm1'))).toEqual(['m2', 'm1']);
    expect(changesBetween(outline, placeModule(outline, 'm1')).moduleOrder).toEqual(['m2', 'm1']);
    expect(changesBetween(outline, outline)).toEqual({ moduleId: undefined, lessonOrder: undefined, moduleOrder: undefined });
  });
});
