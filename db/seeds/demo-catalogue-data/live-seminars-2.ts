/** Demo courses: live seminars (part 2 of 2). */
import { tiers, SEMINAR_SINGLE, SEMINAR_PLUS_RECORDING, SEMINAR_TEAM_3, SEMINAR_TEAM_5, I, defaults } from './tiers';
import { type DemoCourse } from './types';

export const LIVE_SEMINARS_2: DemoCourse[] = [
  {
    ...defaults(),
    id: 'd9c2e7a4-1f5b-4c83-b6e0-8a4d2f6c3e08',
    code: 'SEM2026G3S',
    title: 'Good Clinical Practice for Investigators and Site Teams (ICH E6(R3))',
    type: 'live_seminar',
    category: 'Clinical Research',
    topic: 'GCP',
    priceCents: 49500,
    shortDescription: 'A one-day GCP refresher for investigators, coordinators and site staff built around the E6(R3) revision.',
    description:
      '<p>The latest revision of ICH E6 puts quality by design and proportionate oversight at the centre of clinical research. This one-day seminar explains what that means at the site, where protocols are actually carried out.</p>' +
      '<ul><li>Investigator responsibilities and delegation of duties</li><li>Informed consent, including electronic and remote consent</li><li>Source data, essential records and data flow</li><li>Safety reporting timelines</li></ul>' +
      '<p>The day satisfies typical sponsor requirements for periodic GCP training, and a certificate is issued on completion.</p>',
    image: '/images/courses/gcp-investigators.svg',
    schedule: { startOffsetDays: 97, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'Australia/Sydney',
    location: 'Sydney, NSW — Darling Harbour Training Suites',
    maxParticipants: 60,
    currentParticipants: 18,
    tags: [
      'Describe investigator responsibilities under ICH E6(R3)',
      'Run a compliant informed consent process',
      'Keep source records and essential records in order',
      'Meet safety reporting obligations on time',
    ],
    instructorId: I.whitcombe,
    tiers: tiers(1, [
      ['6a0f3b8d-4c2e-4e91-a5d7-3b1f7e0c4a17', SEMINAR_SINGLE, 49500],
      ['0e4c7a2b-9f6d-4b15-8e3a-5c0d1b7f6e18', SEMINAR_TEAM_5, 199500],
    ]),
  },
  {
    ...defaults(),
    id: '58e4b1d7-2a9c-4f02-8d5b-9c6e3a1f4d09',
    code: 'SEM2026V9L',
    title: 'Process Validation Across the Lifecycle: From Process Design to Continued Verification',
    type: 'live_seminar',
    category: 'Pharmaceutical',
    topic: 'Validation',
    priceCents: 249900,
    shortDescription: 'Three days on the three stages of process validation and the statistics that hold them together.',
    description:
      '<p>Process validation is no longer a one-off set of three batches. Regulators expect knowledge from development to flow into qualification and then into <strong>continued process verification</strong> throughout commercial manufacture.</p>' +
      '<p>This seminar follows a single product through all three stages. You will identify critical parameters from development data, design a qualification protocol with statistically justified acceptance criteria, and build a monitoring plan for routine production.</p>' +
      '<ul><li>Stage 1: process design and control strategy</li><li>Stage 2: facility, equipment and performance qualification</li><li>Stage 3: continued verification and trending</li><li>Handling changes and revalidation triggers</li></ul>',
    image: '/images/courses/process-validation.svg',
    schedule: { startOffsetDays: 118, startTimeLocal: '09:00', days: 3 },
    duration: 1440,
    timezone: 'US/Eastern',
    location: 'Philadelphia, PA — Riverside Conference Hall',
    maxParticipants: 30,
    currentParticipants: 4,
    tags: [
      'Link development knowledge to a control strategy',
      'Design performance qualification protocols',
      'Set statistically justified acceptance criteria',
      'Build a continued process verification plan',
      'Decide when changes require revalidation',
    ],
    instructorId: I.lindqvist,
    tiers: tiers(2, [
      ['b5d8e1a3-7f0c-4d26-9b4e-6a2c8f5d1b19', SEMINAR_SINGLE, 249900],
      ['2f9a6c4e-1b7d-4a58-b3f0-7d4e9c2a6f1a', SEMINAR_PLUS_RECORDING, 279900],
      ['8c1e4f7b-5d3a-4e69-a2c8-0f6b3d9e7c1b', SEMINAR_TEAM_3, 659900],
      ['e3b7d0f6-9c4a-4f3a-8d1e-1c8a5f2b0d1c', SEMINAR_TEAM_5, 989900],
    ]),
  },
  {
    ...defaults(),
    id: 'e1a6c3f9-7d4b-4b57-9e20-0d8f5b2c6a10',
    code: 'SEM2026S2Q',
    title: 'Supplier Qualification and Quality Agreements',
    type: 'live_seminar',
    category: 'Quality & Compliance',
    topic: 'Suppliers',
    priceCents: 149900,
    shortDescription: 'Build a supplier programme that scales effort to risk, from selection through audits to quality agreements.',
    description:
      '<p>Outsourcing does not outsource responsibility. This seminar shows how to classify suppliers and service providers by risk, decide when an audit is needed, and write quality agreements that make responsibilities unambiguous.</p>' +
      '<ul><li>Risk-based supplier classification</li><li>Questionnaires, audits and their limits</li><li>Quality agreement clauses that matter in practice</li><li>Ongoing monitoring and scorecards</li></ul>' +
      '<p>Templates for a supplier risk assessment and a quality agreement are included.</p>',
    image: '/images/courses/supplier-quality.svg',
    schedule: { startOffsetDays: -30, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'US/Central',
    location: 'Houston, TX — Bayou City Meeting Center',
    maxParticipants: 40,
    currentParticipants: 38,
    tags: [
      'Classify suppliers and service providers by risk',
      'Decide when an on-site audit is justified',
      'Draft a robust quality agreement',
      'Monitor supplier performance over time',
    ],
    instructorId: I.osei,
    tiers: tiers(1, [
      ['7a2d5b9e-3f1c-4c84-b6a7-2e0d4f8b1a1d', SEMINAR_SINGLE, 149900],
      ['1d4f8c2a-6e9b-4b07-9c3d-8a5e1f6c2b1e', SEMINAR_TEAM_3, 399900],
    ]),
  },
  {
    ...defaults(),
    id: '4b7d0e2c-6a3f-4e18-a8c9-1f5d7e3b9c11',
    code: 'SEM2026C1V',
    title: 'Cleaning Validation: Limits, Sampling and Worst-Case Strategy',
    type: 'live_seminar',
    category: 'Pharmaceutical',
    topic: 'Cleaning',
    priceCents: 79500,
    shortDescription: 'One day on health-based limits, sampling recovery and grouping strategies for shared equipment.',
    description:
      '<p>Shared equipment makes cleaning validation one of the most scrutinised parts of a multi-product plant. This seminar explains how to set limits based on toxicological data, prove that your sampling methods recover residues, and choose worst-case products and equipment sensibly.</p>' +
      '<ul><li>Health-based exposure limits and carry-over calculations</li><li>Swab and rinse recovery studies</li><li>Product and equipment grouping</li><li>Visual inspection and dirty and clean hold times</li></ul>',
    image: '/images/courses/cleaning-validation.svg',
    schedule: { startOffsetDays: -58, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'US/Eastern',
    location: 'Raleigh, NC — Research Triangle Conference Hall',
    maxParticipants: 30,
    currentParticipants: 27,
    tags: [
      'Calculate carry-over limits from exposure data',
      'Design swab and rinse recovery studies',
      'Select worst-case products and equipment',
      'Justify hold times',
    ],
    instructorId: I.lindqvist,
    tiers: tiers(1, [
      ['c0e3a7d1-4b8f-4d92-8e5a-3b7c0d2f9e1f', SEMINAR_SINGLE, 79500],
      ['5f8b2e6a-9d1c-4a3e-b7f4-4c9a2e6d1f20', SEMINAR_PLUS_RECORDING, 99500],
    ]),
  },
];
