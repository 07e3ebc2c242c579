/** Demo courses: webinar packs (type webinar, category pack). */
import { tiers, PACK_INDIVIDUAL, PACK_TEAM, I, defaults } from './tiers';
import { type DemoCourse } from './types';

export const WEBINAR_PACKS: DemoCourse[] = [
  {
    ...defaults(),
    id: '8c1f4a7d-0b3e-4e62-9a5d-8c4d0a3e6f38',
    code: 'PACK-DI-04',
    title: 'Data Integrity Essentials Pack',
    type: 'webinar',
    category: 'pack',
    topic: 'Data Integrity',
    priceCents: 39900,
    shortDescription: 'Four recorded webinars covering data integrity from governance to audit trail review.',
    description:
      '<p>A structured path through data integrity for quality, laboratory and IT professionals. Watch the sessions in order or jump to the topic you need.</p>' +
      '<ul><li><strong>Data governance and ALCOA+</strong>: roles, culture and the data lifecycle</li><li><strong>Audit trail review</strong>: a risk-based routine</li><li><strong>Spreadsheets in GxP</strong>: controls and validation</li><li><strong>Investigating integrity breaches</strong>: from detection to CAPA</li></ul>' +
      '<p>Buying the pack costs less than the four webinars bought separately.</p>',
    image: '/images/courses/pack-data-integrity.svg',
    schedule: null,
    duration: 360,
    timezone: null,
    tags: ['Build a data governance framework', 'Review audit trails efficiently', 'Control GxP spreadsheets', 'Investigate data integrity breaches'],
    instructorId: I.venkataraman,
    tiers: tiers(1, [
      ['3a6d9b2e-5c8f-4f95-b1d4-8a7b1e4f0a5c', PACK_INDIVIDUAL, 39900],
      ['e0b3e6a9-2d5c-4c28-a7f0-9b8c2f5a1b5d', PACK_TEAM, 149900],
    ]),
  },
  {
    ...defaults(),
    id: 'a0d3f6b9-2c5e-4f95-8b8e-9d5e1b4f7a39',
    code: 'PACK-MD-06',
    title: 'Medical Device Regulatory Bundle',
    type: 'webinar',
    category: 'pack',
    topic: 'Devices',
    priceCents: 89900,
    shortDescription: 'Six webinars on EU MDR, US submissions, complaint handling and post-market surveillance.',
    description:
      '<p>The essentials of device regulation in the two largest markets, packaged for regulatory and quality teams that need a common baseline.</p>' +
      '<ul><li>EU MDR classification and conformity routes</li><li>Technical documentation structure</li><li>Clinical evaluation basics</li><li>510(k) and De Novo pathways</li><li>Complaint handling and vigilance</li><li>Post-market surveillance plans</li></ul>',
    image: '/images/courses/pack-medical-devices.svg',
    schedule: null,
    duration: 510,
    timezone: null,
    tags: ['Classify devices under EU MDR', 'Choose a US premarket pathway', 'Structure technical documentation', 'Run vigilance and post-market surveillance'],
    instructorId: I.brandt,
    tiers: tiers(1, [
      ['9b2e5c8f-4a7d-4b28-9e1b-0c9d3a6e2c5e', PACK_INDIVIDUAL, 89900],
      ['5d8a1c4e-7f0b-4e61-8d3a-1d0e4b7f3d5f', PACK_TEAM, 329900],
    ]),
  },
  {
    ...defaults(),
    id: 'c2f5a8d1-4e7b-4a28-9d0f-0e6f2c5a8b40',
    code: 'PACK-CR-03',
    title: 'Clinical Research Starter Pack',
    type: 'webinar',
    category: 'pack',
    topic: 'Clinical',
    priceCents: 19900,
    shortDescription: 'Three introductory webinars for people starting a career in clinical research.',
    description:
      '<p>New to clinical research? This pack explains the vocabulary, the people and the rules so you can contribute from your first week.</p>' +
      '<ul><li>How a clinical trial runs, from protocol to report</li><li>GCP principles in everyday work</li><li>Essential documents and the trial master file</li></ul>',
    image: '/images/courses/pack-clinical-starter.svg',
    schedule: null,
    duration: 240,
    timezone: null,
    tags: ['Describe the phases and lifecycle of a trial', 'Apply GCP principles day to day', 'Recognise essential trial documents'],
    instructorId: I.whitcombe,
    tiers: tiers(1, [
      ['1e4c7f0a-3b6d-4d94-a5c8-2e1f5c8a4e60', PACK_INDIVIDUAL, 19900],
      ['b6f9b2d5-8c1e-4f27-9a4f-3f2a6d9b5f61', PACK_TEAM, 69900],
    ]),
  },
  {
    ...defaults(),
    id: 'e4b7c0f3-6a9d-4c61-8f2b-1f7a3d6c9e41',
    code: 'PACK-GMP-05',
    title: 'GMP Fundamentals Pack',
    type: 'webinar',
    category: 'pack',
    topic: 'GMP',
    priceCents: 29900,
    shortDescription: 'Five webinars on the foundations of good manufacturing practice for new and transferring staff.',
    description:
      '<p>A practical grounding in GMP for operators, technicians and professionals moving into manufacturing from other fields. Sessions can be assigned individually as part of onboarding.</p>' +
      '<ul><li>Why GMP exists: lessons from history</li><li>Good documentation practice</li><li>Hygiene, gowning and contamination control</li><li>Deviations and change control for everyone</li><li>Preparing for audits and inspections</li></ul>',
    image: '/images/courses/pack-gmp-fundamentals.svg',
    schedule: null,
    duration: null,
    timezone: null,
    tags: ['Explain the purpose of GMP', 'Follow good documentation practice', 'Prevent contamination through behaviour', 'Report deviations confidently'],
    instructorId: I.okafor,
    tiers: tiers(2, [
      ['7a0d3a6c-9e2f-4b50-b8d1-4a3b7e0c6a62', PACK_INDIVIDUAL, 29900],
      ['3c6f9e2a-5b8d-4e83-8c0e-5b4c8f1d7b63', PACK_TEAM, 109900],
    ]),
  },
  {
    ...defaults(),
    id: '0f3b6e9a-2d5c-4e94-b1a6-2a8b4e7d0f42',
    code: 'PACK-QM-12',
    title: "Quality Manager's Complete Library",
    type: 'webinar',
    category: 'pack',
    topic: 'Quality',
    priceCents: 129900,
    shortDescription: 'Twelve recorded webinars covering every pillar of a modern pharmaceutical quality system.',
    description:
      '<p>Our most comprehensive pack, built for quality managers and those preparing to become one. It covers the quality system from policy to metrics, with templates for every session.</p>' +
      '<ul><li>Quality system structure under ICH Q10</li><li>CAPA, deviations and change control</li><li>Quality risk management</li><li>Supplier management and quality agreements</li><li>Metrics, management review and continual improvement</li></ul>' +
      '<p>New sessions added to the library during the year are included at no extra cost.</p>',
    image: '/images/courses/pack-quality-manager.svg',
    schedule: null,
    duration: null,
    timezone: null,
    tags: [
      'Structure a quality system under ICH Q10',
      'Run effective CAPA and change control',
      'Manage supplier quality',
      'Lead management review with meaningful metrics',
      'Drive continual improvement',
    ],
    instructorId: I.arakawa,
    tiers: tiers(1, [
      ['f2c5a8d1-4b7e-4a16-9d3f-6c5d9a2e8c64', PACK_INDIVIDUAL, 129900],
      ['9d2e5b8c-1a4f-4d49-a6e2-7d6e0b3f9d65', PACK_TEAM, 449900],
    ]),
  },
  {
    ...defaults(),
    id: '2b6e9a3d-4f8c-4b17-9c2e-3c9d5a8b1e43',
    code: 'PACK-LAB-04',
    title: 'Laboratory Compliance Pack',
    type: 'webinar',
    category: 'pack',
    topic: 'Laboratory',
    priceCents: 54900,
    shortDescription: 'Four webinars for QC laboratories: OOS, instrument qualification, stability and method validation.',
    description:
      '<p>Everything a QC laboratory supervisor needs to keep results reliable and defensible, in four focused recordings.</p>' +
      '<ul><li>OOS and out-of-trend investigations</li><li>Analytical instrument qualification</li><li>Stability programme design</li><li>Method validation essentials</li></ul>',
    image: '/images/courses/pack-laboratory.svg',
    schedule: null,
    duration: 330,
    timezone: null,
    tags: ['Investigate OOS results correctly', 'Qualify laboratory instruments', 'Design stability studies', 'Validate analytical methods'],
    instructorId: I.natarajan,
    tiers: [],
  },
];
