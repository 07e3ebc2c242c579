import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, mappingOf, suggestedMapping, zoneChoices } from './column-mapping';

describe('the column-mapping step', () => {
  it('starts from the server’s suggestion, keeping only columns the report has', () => {
    expect(
      suggestedMapping({
        columns: ['Participant', 'E-mail', 'Arrived', 'Departed'],
        mapping: { email: 'E-mail', name: 'Participant', join: 'Arrived', leave: 'Gone' },
      }),
    ).toEqual({ email: 'E-mail', name: 'Participant', join: 'Arrived', leave: '' });
    expect(suggestedMapping({ columns: ['a'] })).toEqual({ email: '', name: '', join: '', leave: '' });
  });

  it('requires the e-mail column and leaves out the ones not chosen', () => {
    expect(mappingOf({ email: '', name: 'Participant', join: '', leave: '' })).toEqual({ problem: MAPPING_MESSAGES.email });
    expect(mappingOf({ email: 'E-mail', name: '', join: 'Arrived', leave: 'Departed' })).toEqual({
      mapping: { email: 'E-mail', join: 'Arrived', leave: 'Departed' },
    });
  });

  it('offers the course’s own zone first when it is not one of the usual ones', () => {
    expect(zoneChoices('Europe/Berlin')[0]).toBe('Europe/Berlin');
    expect(zoneChoices('US/Eastern')[0]).toBe('US/Eastern');
    expect(zoneChoices('US/Pacific')).not.toContain(undefined);
    expect(zoneChoices(null)).toContain('US/Eastern');
  });
});
