import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, mappingFields, mappingOf, suggestedMapping, zoneChoices } from './column-mapping';

describe('the column-mapping step', () => {
  it('starts from the server’s suggestion, keeping only columns the report has', () => {
    expect(
      suggestedMapping('attendance', {
        columns: ['Participant', 'E-mail', 'Arrived', 'Departed'],
        mapping: { email: 'E-mail', name: 'Participant', join: 'Arrived', leave: 'Gone' },
      }),
    ).toEqual({ email: 'E-mail', name: 'Participant', join: 'Arrived', leave: '' });
    expect(suggestedMapping('attendance', { columns: ['a'] })).toEqual({ email: '', name: '', join: '', leave: '' });
    expect(
      suggestedMapping('polls', { columns: ['Attendee Email', 'Poll Item', 'Response'], mapping: { email: 'Attendee Email', question: 'Poll Item' } }),
    ).toEqual({ email: 'Attendee Email', name: '', question: 'Poll Item', answer: '' });
  });

  it('asks an attendance report for e-mail, name, join and leave, a poll report for e-mail, name, question and answer', () => {
    expect(mappingFields('attendance').map((f) => [f.label, f.required])).toEqual([
      ['E-mail column', true],
      ['Name column', false],
      ['Join time column', false],
      ['Leave time column', false],
    ]);
    expect(mappingFields('polls').map((f) => [f.label, f.required])).toEqual([
      ['E-mail column', true],
      ['Name column', false],
      ['Poll question column', true],
      ['Poll answer column', false],
    ]);
  });

  it('requires the e-mail column (and a poll report’s question column) and leaves out the ones not chosen', () => {
    expect(mappingOf('attendance', { email: '', name: 'Participant', join: '', leave: '' })).toEqual({ problem: MAPPING_MESSAGES.email, field: 'email' });
    expect(mappingOf('attendance', { email: 'E-mail', name: '', join: 'Arrived', leave: 'Departed' })).toEqual({
      mapping: { email: 'E-mail', join: 'Arrived', leave: 'Departed' },
    });
    expect(mappingOf('polls', { email: 'Mail', name: '', question: '', answer: 'Response' })).toEqual({
      problem: MAPPING_MESSAGES.question,
      field: 'question',
    });
    expect(mappingOf('polls', { email: 'Mail', name: '', question: 'Poll Item', answer: 'Response' })).toEqual({
      mapping: { email: 'Mail', question: 'Poll Item', answer: 'Response' },
    });
  });

  it('offers the course’s own zone first when it is not one of the usual ones', () => {
    expect(zoneChoices('Europe/Berlin')[0]).toBe('Europe/Berlin');
    expect(zoneChoices('US/Eastern')[0]).toBe('US/Eastern');
    expect(zoneChoices('US/Pacific')).not.toContain(undefined);
    expect(zoneChoices(null)).toContain('US/Eastern');
  });
});
