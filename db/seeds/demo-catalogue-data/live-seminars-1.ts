/** Demo courses: live seminars (part 1 of 2). */
import { tiers, SEMINAR_SINGLE, SEMINAR_PLUS_RECORDING, SEMINAR_TEAM_3, SEMINAR_TEAM_5, I, defaults } from './tiers';
import { type DemoCourse } from './types';

export const LIVE_SEMINARS_1: DemoCourse[] = [
  {
    ...defaults(),
    id: '0f3a9c1e-5b7d-4e2a-8c64-1d9e3b5f7a01',
    code: 'SEM2026A1X',
    title: 'Aseptic Processing and EU GMP Annex 1: Building a Contamination Control Strategy',
    type: 'live_seminar',
    category: 'Pharmaceutical',
    topic: 'Annex 1',
    priceCents: 189900,
    shortDescription: 'Two days on designing, documenting and defending a contamination control strategy for sterile products.',
    description:
      '<p>The revised Annex 1 asks every sterile manufacturer to show how its controls work together as one <strong>contamination control strategy</strong>. This seminar walks through that strategy element by element, from facility design and gowning to aseptic process simulation and environmental monitoring.</p>' +
      '<p>Each module pairs the expectation with a worked example from a real-world filling operation, so you leave with a structure you can adapt rather than a list of clauses.</p>' +
      '<ul><li>Mapping contamination risks across people, materials, equipment and air</li><li>Designing aseptic process simulations that reflect worst-case interventions</li><li>Setting alert and action levels you can justify</li><li>Presenting your strategy to an inspector</li></ul>' +
      '<p>Bring a description of one of your own processes: day two includes a guided exercise to draft its risk map.</p>',
    image: '/images/courses/aseptic-annex-1.svg',
    schedule: { startOffsetDays: 21, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'US/Eastern',
    location: 'Boston, MA — Harborview Conference Center',
    maxParticipants: 40,
    currentParticipants: 23,
    tags: [
      'Explain what a contamination control strategy must contain',
      'Assess cleanroom and gowning controls against Annex 1',
      'Plan aseptic process simulations for worst-case interventions',
      'Justify environmental monitoring limits and locations',
      'Prepare to present the strategy during an inspection',
    ],
    instructorId: I.okafor,
    tiers: tiers(2, [
      ['3e7b1d90-2c4a-4f8e-9b61-7a0d5c3e8f01', SEMINAR_SINGLE, 189900],
      ['9a2c6e14-8f3b-4d57-a0c9-1e6b4d2f7a02', SEMINAR_PLUS_RECORDING, 219900],
      ['c5d8f203-7a1e-4b96-8e4d-3f2a9b6c1d03', SEMINAR_TEAM_3, 499900],
      ['6f1e4a78-3d9c-4e25-b8a7-5c0d2e9f4b04', SEMINAR_TEAM_5, 789900],
    ]),
  },
  {
    ...defaults(),
    id: '7b2e4d96-1f8a-4c3b-9e57-2a6c0d8f4b02',
    code: 'SEM2026QX3',
    title: '21 CFR Part 11 and Computer System Validation Bootcamp',
    type: 'live_seminar',
    category: 'Quality & Compliance',
    topic: 'Part 11',
    priceCents: 179900,
    shortDescription: 'A practical two-day bootcamp on electronic records, electronic signatures and risk-based validation.',
    description:
      '<p>Electronic records and signatures are everywhere in a regulated company, yet validation packages are often thick and still miss the real risks. This bootcamp shows how to scale validation effort to the risk a system poses to product quality and patient safety.</p>' +
      '<p>We cover the requirements of <strong>21 CFR Part 11</strong>, how they relate to EU Annex 11, and how the GAMP 5 framework and computer software assurance thinking make validation lighter without making it weaker.</p>' +
      '<ul><li>Deciding which systems and records are in scope</li><li>Writing requirements that can actually be tested</li><li>Using supplier documentation with confidence</li><li>Controls for audit trails, access and electronic signatures</li></ul>',
    image: '/images/courses/part-11-csv.svg',
    schedule: { startOffsetDays: 35, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'US/Central',
    location: 'Chicago, IL — Lakeshore Executive Conference Center',
    maxParticipants: 50,
    currentParticipants: 31,
    tags: [
      'Determine Part 11 scope for records and signatures',
      'Apply a risk-based validation approach using GAMP 5',
      'Write testable user requirements',
      'Leverage supplier testing and documentation',
      'Design audit trail and access controls',
    ],
    instructorId: I.venkataraman,
    tiers: tiers(1, [
      ['2b8d5f31-6e9a-4c07-8d3b-9f1c4a7e2d05', SEMINAR_SINGLE, 179900],
      ['e4a7c912-5b3d-4f68-9c1e-0d8b6f3a5e06', SEMINAR_PLUS_RECORDING, 209900],
      ['81c3e6d4-9f2b-4a5e-b7d0-4e1a8c5f9b07', SEMINAR_TEAM_3, 479900],
    ]),
  },
  {
    ...defaults(),
    id: 'c4e81a3f-6d2b-4f97-8a05-3b7d1e9c5f03',
    code: 'SEM2026R7C',
    title: 'CAPA and Root Cause Analysis: A Hands-On Workshop',
    type: 'live_seminar',
    category: 'Quality & Compliance',
    topic: 'CAPA',
    priceCents: 99500,
    shortDescription: 'One intensive day of investigation techniques that get past "human error" to causes you can fix.',
    description:
      '<p>Corrective and preventive action is one of the most cited areas in inspections, usually because investigations stop too early. In this workshop you practise structured techniques on realistic deviations until finding the real cause becomes a habit.</p>' +
      '<ul><li>Problem statements that separate facts from assumptions</li><li>Fishbone diagrams, five whys and fault trees, and when each fits</li><li>Judging whether human error is really the cause</li><li>Effectiveness checks that prove a CAPA worked</li></ul>' +
      '<p>Participants work in small groups on case files and present their conclusions for peer review.</p>',
    image: '/images/courses/capa-root-cause.svg',
    schedule: { startOffsetDays: 48, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'US/Pacific',
    location: 'San Diego, CA — Bayfront Training Pavilion',
    maxParticipants: 30,
    currentParticipants: 12,
    tags: [
      'Write precise problem statements',
      'Choose the right root cause tool for the problem',
      'Challenge conclusions of human error',
      'Define measurable CAPA effectiveness checks',
    ],
    instructorId: I.arakawa,
    tiers: tiers(1, [
      ['5d9e2a47-1c8f-4b63-a9e2-6b0d3f7c1a08', SEMINAR_SINGLE, 99500],
      ['a8f1d36c-4e7b-4d92-8f5a-2c9e0b6d4f09', SEMINAR_PLUS_RECORDING, 124500],
      ['3c6b9e05-8d2a-4f14-b3c7-7e1f5a9d2b0a', SEMINAR_TEAM_3, 269500],
    ]),
  },
  {
    ...defaults(),
    id: '92d6f5b8-3a1c-4e46-b9d8-4c0e2f7a6d04',
    code: 'SEM2026M4D',
    title: 'EU MDR Technical Documentation and Clinical Evaluation',
    type: 'live_seminar',
    category: 'Medical Devices',
    topic: 'EU MDR',
    priceCents: 219900,
    shortDescription: 'Structure technical files and clinical evaluation reports that notified bodies can review without repeated questions.',
    description:
      '<p>Under the Medical Device Regulation, technical documentation is reviewed in far more depth than before, and incomplete files are the main cause of long certification timelines. This seminar follows the structure of Annexes II and III and shows what reviewers look for in each section.</p>' +
      '<p>Day two is dedicated to <strong>clinical evaluation</strong>: defining the state of the art, demonstrating equivalence, and planning post-market clinical follow-up that fills the gaps honestly.</p>' +
      '<ul><li>General safety and performance requirements checklists that link to evidence</li><li>Benefit-risk conclusions that match the risk management file</li><li>Clinical evaluation plans and reports</li><li>Post-market surveillance and periodic safety update reports</li></ul>',
    image: '/images/courses/eu-mdr-techdoc.svg',
    schedule: { startOffsetDays: 62, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'Europe/London',
    location: 'London, UK — Thames Quay Conference Rooms',
    maxParticipants: 35,
    currentParticipants: 9,
    tags: [
      'Organise technical documentation per MDR Annexes II and III',
      'Link safety and performance requirements to objective evidence',
      'Plan and write a clinical evaluation report',
      'Set up post-market surveillance and PMCF',
      'Anticipate common notified body questions',
    ],
    instructorId: I.brandt,
    tiers: tiers(2, [
      ['7e0a4c18-2f6d-4b85-9a3e-8d1c6b2f5e0b', SEMINAR_SINGLE, 219900],
      ['b1d5f7a9-6c3e-4a20-8b9f-0e4d7a1c3f0c', SEMINAR_PLUS_RECORDING, 249900],
      ['4f8c2e6b-9a0d-4c37-b5e1-1a7f3d9b6c0d', SEMINAR_TEAM_3, 579900],
      ['d2a9b4e7-0c5f-4e18-a6d3-5f2b8e0c4a0e', SEMINAR_TEAM_5, 899900],
    ]),
  },
  {
    ...defaults(),
    id: '1e7c3b9a-8f4d-4a25-9c6e-5d1f3b8a7e05',
    code: 'SEM2026K2P',
    title: 'ISO 13485:2016 Internal Auditor Training',
    type: 'live_seminar',
    category: 'Medical Devices',
    topic: 'ISO 13485',
    priceCents: 249900,
    shortDescription: "Three days that take you from the standard's clauses to planning, running and reporting an internal audit.",
    description:
      '<p>Internal audits are how a device manufacturer finds its own weaknesses before a certification body or regulator does. This course builds the knowledge and the confidence to audit a quality management system against <strong>ISO 13485:2016</strong>.</p>' +
      '<p>After a clause-by-clause review of the standard, you will plan a risk-based audit programme, practise interviews in role play, and write nonconformities that are specific, evidenced and fair.</p>' +
      '<ul><li>Process approach auditing and audit trails through records</li><li>Sampling records and interviewing with open questions</li><li>Grading findings and writing the audit report</li><li>Following up corrective actions to closure</li></ul>' +
      '<p>Participants who pass the end-of-course assessment receive an internal auditor certificate.</p>',
    image: '/images/courses/iso-13485-auditor.svg',
    schedule: { startOffsetDays: 83, startTimeLocal: '09:00', days: 3 },
    duration: 1440,
    timezone: 'Europe/Paris',
    location: 'Paris, France — Rive Gauche Business Centre',
    maxParticipants: 24,
    currentParticipants: 6,
    tags: [
      'Interpret every clause of ISO 13485:2016',
      'Plan a risk-based internal audit programme',
      'Conduct effective audit interviews',
      'Write clear, evidence-based nonconformities',
      'Verify the effectiveness of corrective actions',
    ],
    instructorId: I.osei,
    tiers: tiers(1, [
      ['8b3f6d0c-5e2a-4d79-b1c8-9a4e2f6d0b0f', SEMINAR_SINGLE, 249900],
      ['e6c0a2d5-1b8f-4e43-9d7a-3c5b9f1e8a10', SEMINAR_PLUS_RECORDING, 279900],
      ['2a4e8b1f-7d3c-4f56-a0e9-6b8d1c4f7e11', SEMINAR_TEAM_3, 659900],
    ]),
  },
  {
    ...defaults(),
    id: 'a5b9d2e6-4c0f-4b38-8e71-6f2a4d9c1b06',
    code: 'SEM2026D8Q',
    title: 'Data Integrity and ALCOA+ for GxP Laboratories',
    type: 'live_seminar',
    category: 'Laboratory',
    topic: 'ALCOA+',
    priceCents: 169900,
    shortDescription: 'Make laboratory data attributable, legible, contemporaneous, original and accurate, on paper and in systems.',
    description:
      '<p>Data integrity findings remain among the most serious an inspector can raise, and laboratories are where most of them start. This seminar translates the <strong>ALCOA+</strong> principles into concrete controls for chromatography systems, balances, spreadsheets and paper worksheets.</p>' +
      '<ul><li>Data governance roles and the data lifecycle</li><li>Configuring user roles, audit trails and time stamps</li><li>Reviewing electronic data, not just printouts</li><li>Handling reprocessing, manual integration and invalidated runs</li></ul>' +
      '<p>The second day is a practical review exercise on sample data sets containing deliberate integrity problems.</p>',
    image: '/images/courses/data-integrity-lab.svg',
    schedule: { startOffsetDays: 28, startTimeLocal: '08:30', days: 2 },
    duration: 960,
    timezone: 'US/Mountain',
    location: 'Denver, CO — Front Range Conference Center',
    maxParticipants: 40,
    currentParticipants: 27,
    tags: [
      'Apply ALCOA+ to paper and electronic laboratory records',
      'Set up roles and audit trails in laboratory systems',
      'Review chromatography data for integrity risks',
      'Handle manual integration and reprocessing correctly',
    ],
    instructorId: I.venkataraman,
    tiers: tiers(2, [
      ['9d1b5f8a-3e6c-4a02-b7f4-0c9e3a6d2f12', SEMINAR_SINGLE, 169900],
      ['4c7e0b3d-8a1f-4e95-8c2b-7d5a0f9e3c13', SEMINAR_PLUS_RECORDING, 199900],
      ['f0a3c6e9-2d5b-4f18-9e4a-1b7c5d3f0a14', SEMINAR_TEAM_3, 449900],
    ]),
  },
  {
    ...defaults(),
    id: '3f8a1c5e-9b2d-4d61-a4f7-7e3b5c0d2a07',
    code: 'SEM2026P5V',
    title: 'Pharmacovigilance Signal Detection and Benefit-Risk Management',
    type: 'live_seminar',
    category: 'Pharmaceutical',
    topic: 'Signals',
    priceCents: 199900,
    shortDescription: 'From case data to validated signals and benefit-risk conclusions, with hands-on disproportionality analysis.',
    description:
      '<p>A safety signal is only useful if it is detected early, assessed rigorously and acted on. This seminar covers the full signal management process, from data sources and statistical screening to clinical assessment and regulatory communication.</p>' +
      '<p>You will calculate and interpret <strong>disproportionality statistics</strong> on a training data set and practise structured benefit-risk assessment for a marketed product.</p>' +
      '<ul><li>Signal detection methods and their limitations</li><li>Validating and prioritising signals</li><li>Aggregate reports and risk management plans</li><li>Communicating new risks to regulators and prescribers</li></ul>',
    image: '/images/courses/pv-signal-detection.svg',
    schedule: { startOffsetDays: 75, startTimeLocal: '09:30', days: 2 },
    duration: 960,
    timezone: 'Asia/Tokyo',
    location: 'Tokyo, Japan — Marunouchi Conference Square',
    maxParticipants: 30,
    currentParticipants: 14,
    tags: [
      'Run and interpret disproportionality analyses',
      'Validate and prioritise safety signals',
      'Structure a benefit-risk assessment',
      'Connect signals to risk management plans',
    ],
    instructorId: I.duboisMartin,
    tiers: tiers(1, [
      ['1b6d9f2c-5a8e-4c47-b0d3-8f2a6c1e9b15', SEMINAR_SINGLE, 199900],
      ['c8e2a5f1-0d4b-4a73-9f6c-2e9b4d8a1c16', SEMINAR_TEAM_3, 529900],
    ]),
  },
];
