/** Demo courses: live webinars (part 2 of 2). */
import { tiers, LIVE_SESSION, LIVE_PLUS_RECORDING, LIVE_CORPORATE, I, defaults } from './tiers';
import { type DemoCourse } from './types';

export const LIVE_WEBINARS_2: DemoCourse[] = [
  {
    ...defaults(),
    id: 'a2d5f8b1-3e6c-4f74-b0a9-1d7e3b5f9c21',
    code: 'LIVE2026U5Q',
    title: 'Analytical Instrument Qualification under USP <1058>',
    type: 'live_webinar',
    category: 'Laboratory',
    topic: 'AIQ',
    priceCents: 26900,
    shortDescription: 'Qualify laboratory instruments according to their risk, from simple balances to complex chromatography systems.',
    description:
      '<p>The updated general chapter on analytical instrument qualification (USP &lt;1058&gt;) integrates instrument and software into a single lifecycle. This webinar shows how to classify instruments and decide what qualification each group really needs.</p>' +
      '<ul><li>Instrument groups A, B and C with examples</li><li>User requirements for laboratory instruments</li><li>Installation, operational and performance qualification</li><li>Periodic review and requalification after changes</li></ul>',
    image: '/images/courses/instrument-qualification.svg',
    schedule: { startOffsetDays: 41, startTimeLocal: '12:00' },
    duration: 90,
    timezone: 'US/Central',
    maxParticipants: 80,
    currentParticipants: 8,
    tags: [
      'Classify instruments by qualification group',
      'Write instrument user requirements',
      'Plan proportionate IQ, OQ and PQ',
      'Keep instruments in a qualified state',
    ],
    instructorId: I.lindqvist,
    tiers: tiers(2, [
      ['7f0b3e6c-9d2a-4c16-b8e4-2e1a5c8f4d37', LIVE_SESSION, 26900],
      ['3a6d9c2f-5e8b-4d49-8a7c-3f2b6d9a5e38', LIVE_PLUS_RECORDING, 34900],
      ['d8b1e4a7-0f3c-4e72-9d1b-4a3c7e0b6f39', LIVE_CORPORATE, 119900],
    ]),
  },
  {
    ...defaults(),
    id: '7c0e3a6d-9b2f-4a47-8c8e-2e8f4c6a0d22',
    code: 'LIVE2026K5R',
    title: '510(k) Masterclass: Building a Substantial Equivalence Argument',
    type: 'live_webinar',
    category: 'Regulatory Affairs',
    topic: '510(k)',
    priceCents: 64900,
    shortDescription: 'A two-hour masterclass on predicate selection, testing strategy and a submission that reads clearly.',
    description:
      '<p>Most premarket notification delays come from weak predicate comparisons and incomplete performance data. This advanced masterclass takes you through building a <strong>substantial equivalence</strong> argument that a reviewer can follow from start to finish.</p>' +
      '<ul><li>Choosing and comparing predicates</li><li>Bench, biocompatibility and software testing strategy</li><li>Using pre-submission meetings well</li><li>Responding to additional information requests</li></ul>' +
      '<p>Designed for regulatory professionals who already know the basics of device classification.</p>',
    image: '/images/courses/510k-masterclass.svg',
    schedule: { startOffsetDays: 52, startTimeLocal: '09:00' },
    duration: 120,
    timezone: 'US/Pacific',
    maxParticipants: 100,
    currentParticipants: 19,
    tags: [
      'Select and compare predicate devices',
      'Plan a performance testing strategy',
      'Prepare for a pre-submission meeting',
      'Answer additional information requests',
    ],
    instructorId: I.brandt,
    tiers: tiers(1, [
      ['4e7a0d3b-6c9f-4f05-a2e8-5b4d8f1c7a3a', LIVE_SESSION, 64900],
      ['b0c3f6a9-1d4e-4a38-9f5b-6c5e9a2d8b3b', LIVE_CORPORATE, 189900],
    ]),
  },
];
