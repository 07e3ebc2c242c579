/** Pricing tier templates and the fields every demo course starts from. */
import { INSTRUCTOR_IDS } from './instructors';
import type { DemoTier, DemoCourse } from './types';

// ---------------------------------------------------------------------------------------------
// Pricing tier templates. Ids are given literally at each call; level and sort order follow
// the order of the list; exactly one tier is the default ("Most Popular").

export interface TierText {
  name: string;
  description: string;
  features: string[];
}

export function tiers(defaultLevel: number, specs: [id: string, text: TierText, priceCents: number][]): DemoTier[] {
  return specs.map(([id, text, priceCents], index) => ({
    id,
    name: text.name,
    priceCents,
    description: text.description,
    features: text.features,
    isDefault: index + 1 === defaultLevel,
    tierLevel: index + 1,
    sortOrder: index + 1,
  }));
}

export const SEMINAR_SINGLE: TierText = {
  name: 'Single Attendee',
  description: 'One classroom seat for the full seminar.',
  features: ['Classroom seat for every day of the seminar', 'Printed workbook and templates', 'Lunch and refreshments', 'Certificate of attendance'],
};
export const SEMINAR_PLUS_RECORDING: TierText = {
  name: 'Attendee + Recording',
  description: 'A classroom seat plus the full recording to revisit afterwards.',
  features: ['Everything in Single Attendee', 'Recording of all sessions', 'Digital copy of the slides', 'Lifetime access to the recording'],
};
export const SEMINAR_TEAM_3: TierText = {
  name: 'Team of 3',
  description: 'Three seats for colleagues from the same organisation.',
  features: ['Three classroom seats', 'Printed workbooks for each attendee', 'One shared recording licence', 'Certificates for all attendees'],
};
export const SEMINAR_TEAM_5: TierText = {
  name: 'Team of 5',
  description: 'Five seats and a post-seminar call with the instructor.',
  features: ['Five classroom seats', 'Printed workbooks for each attendee', 'Recording for the whole team', '30-minute follow-up call with the instructor'],
};

export const LIVE_SESSION: TierText = {
  name: 'Live Session',
  description: 'Attend live and put your questions to the speaker.',
  features: ['Live attendance for one person', 'Live Q&A', 'Slides as PDF', 'Certificate of attendance'],
};
export const LIVE_PLUS_RECORDING: TierText = {
  name: 'Live + Recording',
  description: 'Attend live and keep the recording.',
  features: ['Live attendance for one person', 'Recording with lifetime access', 'Slides as PDF', 'Certificate of attendance'],
};
export const LIVE_CORPORATE: TierText = {
  name: 'Corporate Live + Recording',
  description: 'Live access for up to 10 colleagues, with the recording for your intranet.',
  features: ['Live attendance for up to 10 people', 'Recording licensed for internal training', 'Slides as PDF', 'Certificates for every attendee'],
};

export const RECORDING: TierText = {
  name: 'Recording',
  description: 'Watch on demand, as often as you like.',
  features: ['Lifetime access to the recording', 'Slides as PDF', 'Certificate of completion'],
};
export const RECORDING_TRANSCRIPT: TierText = {
  name: 'Recording + Transcript',
  description: 'The recording plus a searchable written transcript.',
  features: ['Lifetime access to the recording', 'Searchable transcript', 'Slides as PDF', 'Certificate of completion'],
};
export const RECORDING_CORPORATE: TierText = {
  name: 'Corporate Access',
  description: 'Recording and transcript for up to 10 colleagues.',
  features: ['Access for up to 10 viewers', 'Searchable transcript', 'Licensed for internal training records', 'Certificates for every viewer'],
};

export const PACK_INDIVIDUAL: TierText = {
  name: 'Individual Library',
  description: 'Every webinar in the pack for one professional.',
  features: ['All recordings in the pack', 'Slides for every session', 'Certificate per webinar', 'Lifetime access'],
};
export const PACK_TEAM: TierText = {
  name: 'Team Library (5 seats)',
  description: 'The whole pack for a team of five.',
  features: ['Five named viewers', 'All recordings and slides', 'Certificates for every viewer', 'Completion report for training records'],
};

export const WEBINAR_SEAT: TierText = {
  name: 'Single Seat',
  description: 'One participant.',
  features: ['Live attendance', 'Recording for 90 days', 'Certificate of attendance'],
};
export const WEBINAR_GROUP_10: TierText = {
  name: 'Group of 10',
  description: 'Ten participants from one site.',
  features: ['Live attendance for 10 people', 'Recording for 1 year', 'Attendance list for training records'],
};
export const WEBINAR_SITE: TierText = {
  name: 'Site Licence',
  description: 'Unlimited participants at one site.',
  features: [
    'Unlimited live attendance at one site',
    'Recording licensed for internal training',
    'Quiz and answer key',
    'Attendance list for training records',
  ],
};

// ---------------------------------------------------------------------------------------------
// Courses

/** Instructor ids, short for the course lists. */
export const I = INSTRUCTOR_IDS;

export function defaults(): Pick<DemoCourse, 'location' | 'maxParticipants' | 'currentParticipants' | 'isActive' | 'guestInstructor' | 'tiers'> {
  return { location: null, maxParticipants: null, currentParticipants: 0, isActive: true, guestInstructor: null, tiers: [] };
}
