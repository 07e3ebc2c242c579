/** Demo courses: webinars. */
import { tiers, WEBINAR_SEAT, WEBINAR_GROUP_10, WEBINAR_SITE, I, defaults } from './tiers';
import { type DemoCourse } from './types';

export const WEBINARS: DemoCourse[] = [
  {
    ...defaults(),
    id: '4d8a1c5f-6b0e-4c39-a4d8-4e0f6c9d3a44',
    code: 'WEB-GMP-REFRESH',
    title: 'Annual GMP Refresher for Manufacturing Operators',
    type: 'webinar',
    category: 'Pharmaceutical',
    topic: 'GMP',
    priceCents: 12900,
    shortDescription: 'A one-hour annual GMP refresher with a short knowledge check, ideal for operator training records.',
    description:
      '<p>Annual GMP training does not have to be a slide show everyone has seen before. This refresher uses short scenarios from the production floor to revisit documentation, hygiene and deviation reporting.</p>' +
      '<ul><li>Good documentation practice in real situations</li><li>Gowning and hygiene reminders</li><li>Speaking up about deviations</li></ul>' +
      '<p>A ten-question knowledge check and answer key are included for training records.</p>',
    image: '/images/courses/gmp-refresher.svg',
    schedule: { startOffsetDays: 14, startTimeLocal: '10:00' },
    duration: 60,
    timezone: 'US/Mountain',
    maxParticipants: 200,
    currentParticipants: 54,
    tags: ['Apply good documentation practice', 'Follow hygiene and gowning rules', 'Report deviations promptly'],
    instructorId: I.okafor,
    tiers: tiers(2, [
      ['5e9b2d6a-7c1f-4d50-b5e9-5f1a7d0e4b66', WEBINAR_SEAT, 12900],
      ['1a4d7b0e-3f6c-4e83-8b1d-6a2b8e1f5c67', WEBINAR_GROUP_10, 79900],
      ['d7a0c3f6-9e2b-4a16-9f3c-7b3c9f2a6d68', WEBINAR_SITE, 149900],
    ]),
  },
  {
    ...defaults(),
    id: '6f0c3e7b-8d2a-4e51-b6fa-5f1a7e0b5c45',
    code: 'WEB-PV-BASICS',
    title: 'Pharmacovigilance Fundamentals for New Team Members',
    type: 'webinar',
    category: 'Pharmaceutical',
    topic: 'Safety',
    priceCents: 15900,
    shortDescription: 'An introduction to adverse event reporting, case processing and the pharmacovigilance system.',
    description:
      '<p>Anyone who talks to patients, prescribers or customers may receive an adverse event report. This webinar explains what to recognise, what to record and how fast to pass it on, and gives new safety staff an overview of case processing.</p>' +
      '<ul><li>The four elements of a valid case</li><li>Seriousness, expectedness and reporting timelines</li><li>Medical coding and follow-up</li></ul>',
    image: '/images/courses/pv-fundamentals.svg',
    schedule: { startOffsetDays: 40, startTimeLocal: '10:00' },
    duration: 90,
    timezone: 'Europe/Paris',
    maxParticipants: 150,
    currentParticipants: 40,
    tags: ['Recognise a valid adverse event case', 'Apply reporting timelines', 'Understand case processing steps', 'Know your role in the PV system'],
    instructorId: I.duboisMartin,
    tiers: tiers(1, [
      ['2b5e8c1f-4a7d-4b49-a2c5-8c4d0a3f7e69', WEBINAR_SEAT, 15900],
      ['8e1b4f7c-0d3a-4c83-9d6f-9d5e1b4a8f6a', WEBINAR_GROUP_10, 99900],
    ]),
  },
  {
    ...defaults(),
    id: '8a2d5f9c-0e4b-4f63-8c1d-6a2b8f1c6d46',
    code: 'WEB-MD-CYBER',
    title: 'Cybersecurity Expectations for Connected Medical Devices',
    type: 'webinar',
    category: 'Medical Devices',
    topic: 'Cyber',
    priceCents: 21900,
    shortDescription: 'Threat modelling, software bills of materials and post-market patching for connected devices.',
    description:
      '<p>Regulators now expect cybersecurity to be designed in, documented in submissions and maintained after launch. This webinar explains what a premarket cybersecurity package contains and how to run vulnerability management once the device is in the field.</p>' +
      '<ul><li>Threat modelling and security risk management</li><li>Software bills of materials</li><li>Security testing evidence</li><li>Coordinated vulnerability disclosure and patching</li></ul>',
    image: '/images/courses/device-cybersecurity.svg',
    schedule: { startOffsetDays: 55, startTimeLocal: '08:00' },
    duration: 90,
    timezone: 'US/Pacific',
    maxParticipants: null,
    currentParticipants: 26,
    tags: ['Build a device threat model', 'Produce a software bill of materials', 'Plan security testing', 'Manage vulnerabilities after launch'],
    instructorId: I.venkataraman,
    tiers: tiers(1, [
      ['4c7f0a3d-6b9e-4e16-b3a7-0e6f2c5b9a6b', WEBINAR_SEAT, 21900],
      ['a9d2e5b8-1c4f-4a49-8e8b-1f7a3d6c0b6c', WEBINAR_GROUP_10, 139900],
      ['6e9b2c5f-8a1d-4d83-9f9c-2a8b4e7d1c6d', WEBINAR_SITE, 249900],
    ]),
  },
];
