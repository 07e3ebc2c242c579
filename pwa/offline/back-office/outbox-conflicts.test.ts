import { describe, expect, it } from 'vitest';
import { conflictFields, mergedBody } from './outbox-conflicts';

const base = {
  id: 'c1',
  version: 1,
  title: 'Assay validation',
  shortDescription: 'Basics',
  price: '49.00',
  startDate: '2026-12-01T14:00:00.000Z',
  maxParticipants: null,
};

describe('a conflict, field by field', () => {
  // Both admins opened version 1. They changed the title; I changed the title and the price.
  const theirs = { ...base, version: 2, title: 'Assay validation (theirs)', shortDescription: 'Basics, revised' };
  const mine = {
    title: 'Assay validation (mine)',
    shortDescription: 'Basics',
    price: '59',
    startDate: '2026-12-01T14:00:00Z',
    maxParticipants: '',
    version: 1,
  };
  const entry = { body: mine, base, current: theirs };

  it('lists only the fields that differ from the server, with who changed what and a suggested choice', () => {
    expect(conflictFields(entry)).toEqual([
      { field: 'title', mine: mine.title, theirs: theirs.title, changedByMe: true, changedByThem: true, suggested: 'mine' },
      { field: 'shortDescription', mine: 'Basics', theirs: 'Basics, revised', changedByMe: false, changedByThem: true, suggested: 'theirs' },
      { field: 'price', mine: '59', theirs: '49.00', changedByMe: true, changedByThem: false, suggested: 'mine' },
    ]);
  });

  it('the same value written differently ("49" and "49.00", an instant with or without milliseconds, empty and null) is not a difference', () => {
    expect(conflictFields({ body: { price: '49', startDate: '2026-12-01T14:00:00Z', maxParticipants: '' }, base, current: base })).toEqual([]);
  });

  it('with the suggested choices, my edits and their edits to fields I left alone both survive', () => {
    const choices = Object.fromEntries(conflictFields(entry).map((f) => [f.field, f.suggested]));
    expect(mergedBody(entry, choices)).toMatchObject({ title: 'Assay validation (mine)', shortDescription: 'Basics, revised', price: '59' });
  });

  it('taking theirs for a field both changed sends their value', () => {
    expect(mergedBody(entry, { title: 'theirs', shortDescription: 'theirs', price: 'mine' })).toMatchObject({
      title: 'Assay validation (theirs)',
      price: '59',
    });
  });

  it('without the version the form started from, every differing field counts as changed by both and defaults to mine', () => {
    const fields = conflictFields({ body: mine, current: theirs });
    expect(fields.map((f) => [f.field, f.suggested, f.changedByMe && f.changedByThem])).toEqual([
      ['title', 'mine', true],
      ['shortDescription', 'mine', true],
      ['price', 'mine', true],
    ]);
  });
});
