/**
 * The demo catalogue: instructors, courses and pricing tiers written for this product.
 *
 * Pure data (no database access). Ids are fixed so seeding is idempotent. Dates are relative to
 * the moment of seeding (`schedule.startOffsetDays` days from "now", at `startTimeLocal` in the
 * course's own time zone), so a demo always has both past and upcoming sessions.
 * Money is integer cents. Rich text (bios, descriptions) is small, allow-listed HTML.
 *
 * Course types and time zones are the contract's (contracts/).
 */
import type { TimeZone } from '@contracts/catalogue';
import type { CourseType } from '@contracts/course-types';

export type DemoCourseType = CourseType;

export type DemoTimeZone = TimeZone;

/** Minutes of teaching per seminar day (09:00 to 17:00). */
export const SEMINAR_MINUTES_PER_DAY = 480;

export interface DemoInstructor {
  id: string;
  /** File name stem of the generated avatar, `/images/instructors/<slug>.svg`. */
  slug: string;
  name: string;
  title: string;
  /** HTML. */
  bio: string;
  image: string;
  expertise: string[];
}

/** A speaker given as free text on the course instead of an instructor record. */
export interface DemoGuestInstructor {
  name: string;
  title: string;
  /** HTML. */
  bio: string;
  image: string | null;
}

export interface DemoSchedule {
  /** Whole days from the seed time (negative: in the past). */
  startOffsetDays: number;
  /** Start time in the course's time zone, "HH:MM". */
  startTimeLocal: string;
  /** Seminars: number of consecutive days (default 1); each ends 8 hours after it starts. */
  days?: number;
}

export interface DemoTier {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  features: string[];
  isDefault: boolean;
  tierLevel: number;
  sortOrder: number;
}

export interface DemoCourse {
  id: string;
  code: string;
  title: string;
  type: DemoCourseType;
  category: string;
  /** Short word shown on the generated course image. */
  topic: string;
  priceCents: number;
  shortDescription: string;
  /** HTML. */
  description: string;
  /** `/images/courses/<slug>.svg`, or null to show the fallback image. */
  image: string | null;
  /** Null: no date at all (packs). A recorded webinar keeps the date it was held: its editor requires one. */
  schedule: DemoSchedule | null;
  /** Minutes; null when variable. */
  duration: number | null;
  timezone: DemoTimeZone | null;
  location: string | null;
  maxParticipants: number | null;
  currentParticipants: number;
  /** Learning outcomes ("What You'll Learn"). */
  tags: string[];
  isActive: boolean;
  instructorId: string | null;
  guestInstructor: DemoGuestInstructor | null;
  tiers: DemoTier[];
}

// ---------------------------------------------------------------------------------------------
// Instructors

export const INSTRUCTOR_IDS = {
  okafor: '6b1f0c52-8d4e-4a7b-9e21-3f5a7c9d0e11',
  venkataraman: 'a3c84e9d-2b71-4f06-8c5a-91d2e7b4f023',
  brandt: 'd7e29a14-5c3b-4e8f-a6d1-0b9c2f4e5a34',
  whitcombe: '1c5d8f3a-7e24-4b19-b0c6-2a8e9d7f1b45',
  duboisMartin: 'f4a61b27-9c8d-4e35-8b70-6d3e1a2c9f56',
  arakawa: '8e2b7d49-1a6f-4c58-9d03-5b4a8e6c2d67',
  natarajan: '2d9c4e81-6b3a-4f27-a5e8-7c1d0b9f3e78',
  lindqvist: 'b6f38a25-4d7e-4b91-8a2c-9e5f1d3b7a89',
  ruizCarter: '5a7e1c93-8b2d-4e64-9f15-3c6a0d8e2b9a',
  osei: 'c9d52f76-3e1b-4a8c-b7d4-2f8e6a1c5dab',
} as const;

export const DEMO_INSTRUCTORS: DemoInstructor[] = [
  {
    id: INSTRUCTOR_IDS.okafor,
    slug: 'miriam-okafor',
    name: 'Dr. Miriam Okafor',
    title: 'Principal Consultant, Sterile Manufacturing',
    bio: '<p>Miriam spent fifteen years running aseptic filling lines and sterility assurance programmes before moving into consulting. She now helps manufacturers design contamination control strategies and prepare cleanroom operations for regulatory inspection.</p><p>Her workshops are known for practical checklists and real deviation case studies.</p>',
    image: '/images/instructors/miriam-okafor.svg',
    expertise: ['Aseptic processing', 'EU GMP Annex 1', 'Contamination control strategy', 'Environmental monitoring', 'Sterility assurance'],
  },
  {
    id: INSTRUCTOR_IDS.venkataraman,
    slug: 'rajesh-venkataraman',
    name: 'Rajesh Venkataraman',
    title: 'Computerized Systems Validation Lead',
    bio: '<p>Rajesh has validated laboratory, manufacturing and enterprise systems for more than twenty years. He specialises in risk-based computer software assurance, electronic records and signatures, and building audit trail review into everyday work.</p>',
    image: '/images/instructors/rajesh-venkataraman.svg',
    expertise: ['21 CFR Part 11', 'GAMP 5', 'Data integrity', 'Computer software assurance', 'Audit trail review'],
  },
  {
    id: INSTRUCTOR_IDS.brandt,
    slug: 'helena-brandt',
    name: 'Helena Brandt',
    title: 'Medical Device Regulatory Specialist',
    bio: '<p>Helena has guided device manufacturers of every class through CE marking and US market clearance. A former notified body reviewer, she teaches teams how to write technical documentation that reviewers can follow on the first read.</p>',
    image: '/images/instructors/helena-brandt.svg',
    expertise: ['EU MDR', 'ISO 13485', 'Technical documentation', '510(k) submissions', 'Post-market surveillance'],
  },
  {
    id: INSTRUCTOR_IDS.whitcombe,
    slug: 'samuel-whitcombe',
    name: 'Dr. Samuel Whitcombe',
    title: 'Clinical Operations Director',
    bio: '<p>Samuel has led global phase II and III programmes in oncology and rare diseases. He coaches sponsors and investigator sites on proportionate, risk-based oversight and on keeping the trial master file inspection ready.</p>',
    image: '/images/instructors/samuel-whitcombe.svg',
    expertise: ['ICH GCP', 'Risk-based monitoring', 'Trial master file', 'Investigator oversight', 'Clinical data management'],
  },
  {
    id: INSTRUCTOR_IDS.duboisMartin,
    slug: 'claire-dubois-martin',
    name: 'Dr. Claire Dubois-Martin',
    title: 'Pharmacovigilance Physician',
    bio: '<p>Claire is a physician who has served as deputy qualified person for pharmacovigilance for several marketing authorisation holders. She teaches signal management, aggregate reporting and how to build a safety system that scales with a growing portfolio.</p>',
    image: '/images/instructors/claire-dubois-martin.svg',
    expertise: ['Signal detection', 'Periodic safety reports', 'Case processing', 'Risk management plans', 'PV audits'],
  },
  {
    id: INSTRUCTOR_IDS.arakawa,
    slug: 'kenji-arakawa',
    name: 'Kenji Arakawa',
    title: 'Quality Systems Consultant',
    bio: '<p>Kenji has built and repaired quality management systems at contract manufacturers, device makers and biotech start-ups. His focus is on investigations that find real causes and on quality metrics that leadership actually uses.</p>',
    image: '/images/instructors/kenji-arakawa.svg',
    expertise: ['CAPA', 'Root cause analysis', 'Deviation management', 'Quality metrics', 'Quality risk management'],
  },
  {
    id: INSTRUCTOR_IDS.natarajan,
    slug: 'priya-natarajan',
    name: 'Dr. Priya Natarajan',
    title: 'Biostatistician and Laboratory Statistics Advisor',
    bio: '<p>Priya holds a doctorate in biostatistics and has supported clinical trials, stability programmes and analytical method validation. She is known for explaining statistical reasoning without formulas getting in the way.</p>',
    image: '/images/instructors/priya-natarajan.svg',
    expertise: ['Statistical analysis plans', 'Sample size', 'Stability trending', 'Method validation statistics', 'Statistical process control'],
  },
  {
    id: INSTRUCTOR_IDS.lindqvist,
    slug: 'thomas-lindqvist',
    name: 'Thomas Lindqvist',
    title: 'Validation Engineer',
    bio: '<p>Thomas has qualified facilities, utilities and equipment across oral solid dose, biologics and sterile plants. He teaches a lifecycle approach to validation in which every protocol answers a question the process actually raises.</p>',
    image: '/images/instructors/thomas-lindqvist.svg',
    expertise: ['Process validation', 'Cleaning validation', 'Equipment qualification', 'Water systems', 'Commissioning'],
  },
  {
    id: INSTRUCTOR_IDS.ruizCarter,
    slug: 'angela-ruiz-carter',
    name: 'Angela Ruiz-Carter',
    title: 'Healthcare Privacy and Compliance Officer',
    bio: '<p>Angela has run privacy programmes for hospital networks and health technology companies. She helps organisations turn HIPAA requirements into workable policies, training and breach response plans.</p>',
    image: '/images/instructors/angela-ruiz-carter.svg',
    expertise: ['HIPAA Privacy Rule', 'HIPAA Security Rule', 'Breach response', 'Business associate agreements', 'Compliance training'],
  },
  {
    id: INSTRUCTOR_IDS.osei,
    slug: 'david-osei',
    name: 'David Osei',
    title: 'Supplier Quality and Audit Manager',
    bio: '<p>David has audited more than three hundred suppliers, contract laboratories and manufacturers on four continents. He trains auditors to plan by risk, gather objective evidence and write findings that lead to lasting fixes.</p>',
    image: '/images/instructors/david-osei.svg',
    expertise: ['Supplier qualification', 'Quality agreements', 'GMP auditing', 'ISO/IEC 17025', 'Audit report writing'],
  },
];

// ---------------------------------------------------------------------------------------------
// Guest speakers (free-text instructor data on a course)

const GUEST_MARCUS_BELL: DemoGuestInstructor = {
  name: 'Marcus Bell',
  title: 'Inspection Readiness Coach',
  bio: '<p>Marcus has hosted and supported more than sixty regulatory inspections at drug and biologics sites. He now runs mock inspections and coaches subject-matter experts on answering questions clearly and honestly.</p>',
  image: '/images/instructors/guest-marcus-bell.svg',
};

const GUEST_LENA_HOFFMANN: DemoGuestInstructor = {
  name: 'Dr. Lena Hoffmann',
  title: 'QC Laboratory Operations Consultant',
  bio: '<p>Lena managed quality control laboratories for a generics manufacturer for over a decade. She specialises in laboratory investigations, analyst training and reducing invalidated results.</p>',
  image: '/images/instructors/guest-lena-hoffmann.svg',
};

const GUEST_YUKI_TANAKA_REID: DemoGuestInstructor = {
  name: 'Yuki Tanaka-Reid',
  title: 'Laboratory Informatics Lead',
  bio: '<p>Yuki configures chromatography data systems and LIMS for regulated laboratories and writes the review procedures that go with them.</p>',
  image: null,
};

/** Guest speakers with a generated avatar, for the image generator. */
export const DEMO_GUEST_AVATARS: { slug: string; name: string }[] = [
  { slug: 'guest-marcus-bell', name: GUEST_MARCUS_BELL.name },
  { slug: 'guest-lena-hoffmann', name: GUEST_LENA_HOFFMANN.name },
];

// ---------------------------------------------------------------------------------------------
// Pricing tier templates. Ids are given literally at each call; level and sort order follow
// the order of the list; exactly one tier is the default ("Most Popular").

interface TierText {
  name: string;
  description: string;
  features: string[];
}

function tiers(defaultLevel: number, specs: [id: string, text: TierText, priceCents: number][]): DemoTier[] {
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

const SEMINAR_SINGLE: TierText = {
  name: 'Single Attendee',
  description: 'One classroom seat for the full seminar.',
  features: ['Classroom seat for every day of the seminar', 'Printed workbook and templates', 'Lunch and refreshments', 'Certificate of attendance'],
};
const SEMINAR_PLUS_RECORDING: TierText = {
  name: 'Attendee + Recording',
  description: 'A classroom seat plus the full recording to revisit afterwards.',
  features: ['Everything in Single Attendee', 'Recording of all sessions', 'Digital copy of the slides', 'Lifetime access to the recording'],
};
const SEMINAR_TEAM_3: TierText = {
  name: 'Team of 3',
  description: 'Three seats for colleagues from the same organisation.',
  features: ['Three classroom seats', 'Printed workbooks for each attendee', 'One shared recording licence', 'Certificates for all attendees'],
};
const SEMINAR_TEAM_5: TierText = {
  name: 'Team of 5',
  description: 'Five seats and a post-seminar call with the instructor.',
  features: ['Five classroom seats', 'Printed workbooks for each attendee', 'Recording for the whole team', '30-minute follow-up call with the instructor'],
};

const LIVE_SESSION: TierText = {
  name: 'Live Session',
  description: 'Attend live and put your questions to the speaker.',
  features: ['Live attendance for one person', 'Live Q&A', 'Slides as PDF', 'Certificate of attendance'],
};
const LIVE_PLUS_RECORDING: TierText = {
  name: 'Live + Recording',
  description: 'Attend live and keep the recording.',
  features: ['Live attendance for one person', 'Recording with lifetime access', 'Slides as PDF', 'Certificate of attendance'],
};
const LIVE_CORPORATE: TierText = {
  name: 'Corporate Live + Recording',
  description: 'Live access for up to 10 colleagues, with the recording for your intranet.',
  features: ['Live attendance for up to 10 people', 'Recording licensed for internal training', 'Slides as PDF', 'Certificates for every attendee'],
};

const RECORDING: TierText = {
  name: 'Recording',
  description: 'Watch on demand, as often as you like.',
  features: ['Lifetime access to the recording', 'Slides as PDF', 'Certificate of completion'],
};
const RECORDING_TRANSCRIPT: TierText = {
  name: 'Recording + Transcript',
  description: 'The recording plus a searchable written transcript.',
  features: ['Lifetime access to the recording', 'Searchable transcript', 'Slides as PDF', 'Certificate of completion'],
};
const RECORDING_CORPORATE: TierText = {
  name: 'Corporate Access',
  description: 'Recording and transcript for up to 10 colleagues.',
  features: ['Access for up to 10 viewers', 'Searchable transcript', 'Licensed for internal training records', 'Certificates for every viewer'],
};

const PACK_INDIVIDUAL: TierText = {
  name: 'Individual Library',
  description: 'Every webinar in the pack for one professional.',
  features: ['All recordings in the pack', 'Slides for every session', 'Certificate per webinar', 'Lifetime access'],
};
const PACK_TEAM: TierText = {
  name: 'Team Library (5 seats)',
  description: 'The whole pack for a team of five.',
  features: ['Five named viewers', 'All recordings and slides', 'Certificates for every viewer', 'Completion report for training records'],
};

const WEBINAR_SEAT: TierText = {
  name: 'Single Seat',
  description: 'One participant.',
  features: ['Live attendance', 'Recording for 90 days', 'Certificate of attendance'],
};
const WEBINAR_GROUP_10: TierText = {
  name: 'Group of 10',
  description: 'Ten participants from one site.',
  features: ['Live attendance for 10 people', 'Recording for 1 year', 'Attendance list for training records'],
};
const WEBINAR_SITE: TierText = {
  name: 'Site Licence',
  description: 'Unlimited participants at one site.',
  features: ['Unlimited live attendance at one site', 'Recording licensed for internal training', 'Quiz and answer key', 'Attendance list for training records'],
};

// ---------------------------------------------------------------------------------------------
// Courses

const I = INSTRUCTOR_IDS;

function defaults(): Pick<DemoCourse, 'location' | 'maxParticipants' | 'currentParticipants' | 'isActive' | 'guestInstructor' | 'tiers'> {
  return { location: null, maxParticipants: null, currentParticipants: 0, isActive: true, guestInstructor: null, tiers: [] };
}

export const DEMO_COURSES: DemoCourse[] = [
  // ----- Live seminars ---------------------------------------------------------------------
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
    shortDescription: 'Three days that take you from the standard\'s clauses to planning, running and reporting an internal audit.',
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

  // ----- Live webinars ---------------------------------------------------------------------
  {
    ...defaults(),
    id: '6c9e2f5a-8b1d-4a74-b3e6-2a0c8d4f1e12',
    code: 'LIVE2026F7A',
    title: 'Preparing for an FDA Inspection: Front Room, Back Room and the First 24 Hours',
    type: 'live_webinar',
    category: 'Regulatory Affairs',
    topic: 'Inspection',
    priceCents: 27900,
    shortDescription: 'How to organise people, documents and communication when an investigator arrives at your site.',
    description:
      '<p>The first day of an inspection sets the tone for everything that follows. This webinar explains how to run the front room, where the investigator works, and the back room, where requests are tracked, documents retrieved and answers reviewed.</p>' +
      '<ul><li>Roles: host, scribe, runners and subject-matter experts</li><li>Request logs and document review before hand-over</li><li>Preparing experts to answer questions accurately</li><li>Daily wrap-ups and handling observations</li></ul>',
    image: '/images/courses/fda-inspection-readiness.svg',
    schedule: { startOffsetDays: 9, startTimeLocal: '13:00' },
    duration: 90,
    timezone: 'US/Eastern',
    maxParticipants: 100,
    currentParticipants: 41,
    tags: [
      'Set up front room and back room roles',
      'Track and review document requests',
      'Coach experts to answer questions well',
      'Respond professionally to observations',
    ],
    instructorId: null,
    guestInstructor: GUEST_MARCUS_BELL,
    tiers: tiers(2, [
      ['a4c7e0b2-6d9f-4e13-9a8c-5d1b3f7e0a21', LIVE_SESSION, 27900],
      ['0b5e9d3f-2a6c-4f47-8b1e-6e4a9c2d5b22', LIVE_PLUS_RECORDING, 37900],
      ['d6f2a8c4-1e5b-4b90-a3d7-7f0c6e1a9d23', LIVE_CORPORATE, 129900],
    ]),
  },
  {
    ...defaults(),
    id: 'f2b5d8e1-3c7a-4f29-8d64-3b1e9a5c7f13',
    code: 'LIVE2026D2W',
    title: 'Writing Deviation Reports That Survive an Audit',
    type: 'live_webinar',
    category: 'Quality & Compliance',
    topic: 'Deviations',
    priceCents: 7900,
    shortDescription: 'Sixty minutes on describing what happened, assessing impact and closing deviations on time.',
    description:
      '<p>Auditors read deviation reports to judge how well a site understands its own processes. Vague descriptions, unsupported impact assessments and overdue closures all send the wrong message.</p>' +
      '<p>This webinar gives you a simple structure for <strong>describing the event, assessing product impact and documenting the rationale</strong>, with before-and-after examples.</p>',
    image: '/images/courses/deviation-reports.svg',
    schedule: { startOffsetDays: 16, startTimeLocal: '11:00' },
    duration: 60,
    timezone: 'US/Central',
    maxParticipants: null,
    currentParticipants: 37,
    tags: ['Describe deviations factually and completely', 'Assess impact on product and other batches', 'Classify deviations consistently', 'Close investigations on time'],
    instructorId: I.arakawa,
    tiers: tiers(1, [
      ['3e8a1c6f-9b4d-4d25-b0f8-8a2c5e9b3f24', LIVE_SESSION, 7900],
      ['9c2f5b0e-4d7a-4a61-8e3c-9b6d1a4f8c25', LIVE_PLUS_RECORDING, 12900],
    ]),
  },
  {
    ...defaults(),
    id: '8d1a4c7f-5e2b-4b36-a9f1-4c8d0e6b2a14',
    code: 'LIVE2026X5L',
    title: 'Validating Excel Spreadsheets for GxP Use',
    type: 'live_webinar',
    category: 'Quality & Compliance',
    topic: 'Spreadsheets',
    priceCents: 24900,
    shortDescription: 'Practical controls and a proportionate validation approach for spreadsheets used in regulated decisions.',
    description:
      '<p>Spreadsheets are convenient, flexible and easy to change, which is exactly what makes them risky in a GxP setting. This webinar shows how to decide which spreadsheets need validation and how much.</p>' +
      '<ul><li>Inventory and risk classification of spreadsheets</li><li>Locking cells, protecting formulas and controlling versions</li><li>Testing calculations efficiently</li><li>When to move a spreadsheet into a validated system instead</li></ul>',
    image: '/images/courses/spreadsheet-validation.svg',
    schedule: { startOffsetDays: 23, startTimeLocal: '10:00' },
    duration: 90,
    timezone: 'US/Mountain',
    maxParticipants: 150,
    currentParticipants: 62,
    tags: ['Classify spreadsheets by risk', 'Apply technical controls in Excel', 'Write a lean validation package', 'Know when a spreadsheet has outgrown itself'],
    instructorId: I.venkataraman,
    tiers: tiers(2, [
      ['f7b0d3a9-2c6e-4e84-b5a1-0c3e7f2b6d26', LIVE_SESSION, 24900],
      ['1a5d8f2c-7e0b-4f17-9c4d-1d8f4a0c7e27', LIVE_PLUS_RECORDING, 32900],
      ['6e9c2a5d-3f8b-4a42-8d7e-2e5a9b3d0f28', LIVE_CORPORATE, 99900],
    ]),
  },
  {
    ...defaults(),
    id: '0a3c6f9b-2d5e-4c41-b8a7-5d9e1f7c3b15',
    code: 'LIVE2026H4P',
    title: 'HIPAA Privacy and Security Rule: What Changed and What to Do Now',
    type: 'live_webinar',
    category: 'Healthcare',
    topic: 'HIPAA',
    priceCents: 19900,
    shortDescription: 'An update on HIPAA enforcement priorities with a checklist for privacy and security officers.',
    description:
      '<p>Enforcement actions and settlements show where regulators are focusing: risk analysis, access rights and timely breach notification. This webinar reviews recent developments and turns them into a practical action list.</p>' +
      '<ul><li>Conducting and documenting an enterprise risk analysis</li><li>Honouring patient right-of-access requests on time</li><li>Business associate oversight</li><li>Breach assessment and notification timelines</li></ul>' +
      '<p>Suitable for privacy officers, security officers, practice managers and compliance staff.</p>',
    image: '/images/courses/hipaa-update.svg',
    schedule: { startOffsetDays: 12, startTimeLocal: '10:00' },
    duration: 60,
    timezone: 'US/Pacific',
    maxParticipants: null,
    currentParticipants: 88,
    tags: ['Understand current HIPAA enforcement priorities', 'Document a security risk analysis', 'Handle right-of-access requests', 'Assess and report breaches'],
    instructorId: I.ruizCarter,
    tiers: tiers(2, [
      ['b2e5a8d1-6c9f-4d53-a0b6-3f7c1e4a8d29', LIVE_SESSION, 19900],
      ['7d0f3c6a-1b4e-4e96-9f2a-4a8d2c5f1b2a', LIVE_PLUS_RECORDING, 27900],
      ['c3a6d9f2-8e1b-4b08-8c5f-5b9e3d6a2c2b', LIVE_CORPORATE, 89900],
    ]),
  },
  {
    ...defaults(),
    id: 'b7e0c3a6-9f2d-4a58-9c1b-6e2f8d4a0c16',
    code: 'LIVE2026R3M',
    title: 'Risk-Based Monitoring and Centralized Data Review',
    type: 'live_webinar',
    category: 'Clinical Research',
    topic: 'RBM',
    priceCents: 29900,
    shortDescription: 'Design a monitoring strategy that focuses on the data and processes that matter most to trial results.',
    description:
      '<p>Checking every data point at every site is expensive and still misses systemic problems. Risk-based monitoring focuses effort on critical data and processes, combining centralized statistical review with targeted site visits.</p>' +
      '<ul><li>Identifying critical-to-quality factors</li><li>Key risk indicators and quality tolerance limits</li><li>Centralized review techniques</li><li>Documenting the monitoring plan for inspectors</li></ul>',
    image: '/images/courses/risk-based-monitoring.svg',
    schedule: { startOffsetDays: 19, startTimeLocal: '14:00' },
    duration: 90,
    timezone: 'Europe/London',
    maxParticipants: 80,
    currentParticipants: 33,
    tags: ['Identify critical-to-quality factors', 'Define key risk indicators and tolerance limits', 'Use centralized data review', 'Write a risk-based monitoring plan'],
    instructorId: I.whitcombe,
    tiers: tiers(2, [
      ['4f7a0d3c-5e8b-4c19-b2d6-6c0f4a7e3d2c', LIVE_SESSION, 29900],
      ['a8d1f4b7-2c5e-4f64-8a3d-7d1b5e8c4f2d', LIVE_PLUS_RECORDING, 39900],
      ['0c3f6a9e-7b2d-4a87-9e5c-8e2c6f9a5b2e', LIVE_CORPORATE, 139900],
    ]),
  },
  {
    ...defaults(),
    id: '3d6f9b2e-4a7c-4d83-a5e0-7f3a9c1e5d17',
    code: 'LIVE2026B6S',
    title: 'Biostatistics for Non-Statisticians in Clinical and Quality Roles',
    type: 'live_webinar',
    category: 'Clinical Research',
    topic: 'Statistics',
    priceCents: 34900,
    shortDescription: 'Read confidence intervals, p-values and sample size justifications with confidence.',
    description:
      '<p>Clinical study reports, validation protocols and trend reports are full of statistics, and non-statisticians are expected to sign them. This two-hour webinar builds intuition for the concepts that appear most often, using graphics rather than formulas.</p>' +
      '<ul><li>Variability, distributions and why sample size matters</li><li>Confidence intervals and what p-values do not tell you</li><li>Equivalence and non-inferiority in plain language</li><li>Common pitfalls in trend analysis</li></ul>',
    image: '/images/courses/biostatistics-basics.svg',
    schedule: { startOffsetDays: 30, startTimeLocal: '15:00' },
    duration: 120,
    timezone: 'Europe/Paris',
    maxParticipants: 60,
    currentParticipants: 22,
    tags: ['Interpret confidence intervals and p-values', 'Question a sample size justification', 'Understand equivalence and non-inferiority', 'Spot misleading trend analyses'],
    instructorId: I.natarajan,
    tiers: tiers(2, [
      ['5b8e1c4f-9a3d-4b72-8f6e-9f3d7a0b6c2f', LIVE_SESSION, 34900],
      ['e9c2f5a8-3d6b-4e05-9b7f-0a4e8b1c7d30', LIVE_PLUS_RECORDING, 44900],
      ['2d5a8c1f-6e9b-4a38-a0c4-1b5f9c2d8e31', LIVE_CORPORATE, 149900],
    ]),
  },
  {
    ...defaults(),
    id: '9f2c5e8a-1b4d-4e96-b7a3-8a4b0d2f6e18',
    code: 'LIVE2026O8S',
    title: 'Out-of-Specification Investigations in the QC Laboratory',
    type: 'live_webinar',
    category: 'Laboratory',
    topic: 'OOS',
    priceCents: 25900,
    shortDescription: 'Run phase I and phase II OOS investigations that stand up to regulatory review.',
    description:
      '<p>An out-of-specification result must be investigated promptly, thoroughly and without testing into compliance. This webinar walks through the investigation phases and the decisions that most often go wrong.</p>' +
      '<ul><li>Phase I laboratory investigation and obvious errors</li><li>When retesting and resampling are allowed</li><li>Phase II full-scale investigation with manufacturing</li><li>Out-of-trend and atypical results</li></ul>',
    image: '/images/courses/oos-investigations.svg',
    schedule: { startOffsetDays: 26, startTimeLocal: '10:00' },
    duration: 90,
    timezone: 'Asia/Tokyo',
    maxParticipants: null,
    currentParticipants: 15,
    tags: ['Conduct a phase I laboratory investigation', 'Apply retest and resample rules correctly', 'Escalate to a full-scale investigation', 'Handle out-of-trend results'],
    instructorId: null,
    guestInstructor: GUEST_LENA_HOFFMANN,
    tiers: tiers(1, [
      ['8a1d4f7c-2e5b-4c61-8d9a-2c6a0e3f9b32', LIVE_SESSION, 25900],
      ['c4f7b0e3-9a2d-4f94-b1c8-3d7b1f4a0c33', LIVE_PLUS_RECORDING, 33900],
    ]),
  },
  {
    ...defaults(),
    id: '1c4e7a0d-6f9b-4b29-8d52-9b5c1e3a7f19',
    code: 'LIVE2026C9H',
    title: 'Complaint Handling and Medical Device Vigilance Reporting',
    type: 'live_webinar',
    category: 'Medical Devices',
    topic: 'Complaints',
    priceCents: 22900,
    shortDescription: 'From complaint intake to reportability decisions and trend reporting, in 75 focused minutes.',
    description:
      '<p>Every complaint is a potential signal about device safety. This webinar explains how to receive, evaluate and investigate complaints, and how to decide quickly and consistently whether an event must be reported to the authorities.</p>' +
      '<ul><li>Complaint intake and the definition of a complaint</li><li>Reportability decision trees for the US and EU</li><li>Investigation depth and linking to CAPA</li><li>Trend reporting and management review</li></ul>',
    image: '/images/courses/device-complaints.svg',
    schedule: { startOffsetDays: 33, startTimeLocal: '09:00' },
    duration: 75,
    timezone: 'Australia/Sydney',
    maxParticipants: 50,
    currentParticipants: 11,
    tags: ['Recognise what counts as a complaint', 'Make consistent reportability decisions', 'Scale investigations to risk', 'Trend complaints for management review'],
    instructorId: I.brandt,
    tiers: tiers(2, [
      ['0d3a6c9f-4b7e-4e27-a5d1-4e8c2a5b1d34', LIVE_SESSION, 22900],
      ['f5c8e1b4-7d0a-4a50-9e3f-5f9d3b6c2e35', LIVE_PLUS_RECORDING, 30900],
      ['6b9d2f5a-0c3e-4b83-8f6a-6a0e4c7d3f36', LIVE_CORPORATE, 109900],
    ]),
  },
  {
    ...defaults(),
    id: '5e8b1d4a-7c0f-4c32-9f6b-0c6d2a4e8b20',
    code: 'LIVE2026T1R',
    title: 'Audit Trail Review: A Practical Risk-Based Routine',
    type: 'live_webinar',
    category: 'Quality & Compliance',
    topic: 'Audit Trails',
    priceCents: 9900,
    shortDescription: 'Decide what to review, how often and by whom, and document it without drowning in data.',
    description:
      '<p>Regulators expect audit trails to be reviewed, but a raw audit trail can contain thousands of entries a day. This webinar shows how to focus review on the events that could hide data manipulation or error.</p>' +
      '<p>You will see example review checklists for chromatography and LIMS records and learn how to <strong>document the review</strong> as part of batch or result release.</p>',
    image: '/images/courses/audit-trail-review.svg',
    schedule: { startOffsetDays: 5, startTimeLocal: '11:00' },
    duration: 60,
    timezone: 'US/Eastern',
    maxParticipants: 120,
    currentParticipants: 97,
    tags: ['Identify audit trail events that matter', 'Set a risk-based review frequency', 'Use review checklists', 'Document the review with the result'],
    instructorId: null,
    guestInstructor: GUEST_YUKI_TANAKA_REID,
    tiers: [],
  },
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
    tags: ['Classify instruments by qualification group', 'Write instrument user requirements', 'Plan proportionate IQ, OQ and PQ', 'Keep instruments in a qualified state'],
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
    tags: ['Select and compare predicate devices', 'Plan a performance testing strategy', 'Prepare for a pre-submission meeting', 'Answer additional information requests'],
    instructorId: I.brandt,
    tiers: tiers(1, [
      ['4e7a0d3b-6c9f-4f05-a2e8-5b4d8f1c7a3a', LIVE_SESSION, 64900],
      ['b0c3f6a9-1d4e-4a38-9f5b-6c5e9a2d8b3b', LIVE_CORPORATE, 189900],
    ]),
  },

  // ----- Recorded webinars -----------------------------------------------------------------
  {
    ...defaults(),
    id: 'c6f9b2e5-8a1d-4d60-b4c7-3f9a5d7b1e23',
    code: 'REC-W-GAMP5',
    title: 'GAMP 5 Second Edition: Critical Thinking for Computerized Systems',
    type: 'recorded_webinar',
    category: 'Quality & Compliance',
    topic: 'GAMP 5',
    priceCents: 19900,
    shortDescription: 'What the second edition of GAMP 5 changes and how critical thinking reduces validation effort.',
    description:
      '<p>The second edition of GAMP 5 encourages critical thinking over templates, supports agile development and recognises the value of supplier involvement. This recording summarises the main changes and what they mean for your validation procedures.</p>' +
      '<ul><li>Critical thinking and patient-centred risk assessment</li><li>Agile and iterative software development</li><li>Service providers and cloud platforms</li><li>Scripted versus unscripted testing</li></ul>',
    image: '/images/courses/gamp-5.svg',
    schedule: { startOffsetDays: -120, startTimeLocal: '13:00' },
    duration: 90,
    timezone: 'US/Eastern',
    tags: ['Summarise the changes in GAMP 5 second edition', 'Apply critical thinking to validation scope', 'Validate agile and cloud-based systems', 'Choose between scripted and unscripted testing'],
    instructorId: I.venkataraman,
    tiers: tiers(2, [
      ['1e4b7d0a-3f6c-4b91-8e2d-7d6f0b3e9c3c', RECORDING, 19900],
      ['9a2d5f8c-7b0e-4e24-b6a1-8e7a1c4f0d3d', RECORDING_TRANSCRIPT, 24900],
      ['5c8f1a4d-2e6b-4a57-9d3c-9f8b2d5a1e3e', RECORDING_CORPORATE, 89900],
    ]),
  },
  {
    ...defaults(),
    id: 'e8a1d4b7-0c3f-4f83-a6e9-4a0b6e8c2f24',
    code: 'REC-W-QMR',
    title: 'Quality Metrics and Management Review That Drive Decisions',
    type: 'recorded_webinar',
    category: 'Quality & Compliance',
    topic: 'Metrics',
    priceCents: 14900,
    shortDescription: 'Choose a small set of leading indicators and run a management review that ends in decisions.',
    description:
      '<p>Many management reviews are long slide decks that end without a single decision. This recorded webinar shows how to pick quality metrics that predict problems, present them visually and structure the review around actions.</p>' +
      '<ul><li>Leading versus lagging indicators</li><li>Control charts for quality metrics</li><li>A management review agenda that meets ISO 13485 and ICH Q10</li></ul>',
    image: '/images/courses/quality-metrics.svg',
    schedule: { startOffsetDays: -90, startTimeLocal: '12:00' },
    duration: 75,
    timezone: 'US/Central',
    tags: ['Select leading quality indicators', 'Present metrics with control charts', 'Run a decision-focused management review'],
    instructorId: I.arakawa,
    tiers: tiers(1, [
      ['d0b3e6a9-4f7c-4c16-b8d2-0a9c3e6b2f3f', RECORDING, 14900],
      ['6f9c2b5e-8d1a-4d49-a0f7-1b0d4f7c3a40', RECORDING_TRANSCRIPT, 19900],
    ]),
  },
  {
    ...defaults(),
    id: '2b5e8c1f-4d7a-4a96-9c0b-5b1c7f9d3a25',
    code: 'REC-W-HIPAA-HR',
    title: 'Handling Workforce Health Information under HIPAA',
    type: 'recorded_webinar',
    category: 'Healthcare',
    topic: 'HIPAA',
    priceCents: 8900,
    shortDescription: 'When employee health information is protected by HIPAA, and how HR and occupational health should handle it.',
    description:
      '<p>Human resources teams often hold health information about staff, but not all of it falls under HIPAA. This on-demand session untangles employer records from health plan and provider records and sets out good handling practice for each.</p>' +
      '<ul><li>Employment records versus protected health information</li><li>Group health plans and plan sponsors</li><li>Vaccination, leave and accommodation records</li></ul>',
    image: '/images/courses/hipaa-workforce.svg',
    // A recording has the date it was held: the Edit Webinar page requires one (back-office spec §5).
    schedule: { startOffsetDays: -120, startTimeLocal: '11:00' },
    duration: 60,
    timezone: 'US/Pacific',
    tags: ['Distinguish employment records from PHI', 'Apply HIPAA to group health plans', 'Handle staff health records appropriately'],
    instructorId: I.ruizCarter,
    tiers: tiers(1, [
      ['a3f6c9b2-1e4d-4f72-8b5a-2c1e5a8d4b41', RECORDING, 8900],
      ['0e1a4d7b-5c8f-4b05-9e3c-3d2f6b9e5c42', RECORDING_CORPORATE, 49900],
    ]),
  },
  {
    ...defaults(),
    id: '4d7a0c3e-6f9b-4c18-a2e5-6c2d8a0f4b26',
    code: 'REC-W-STAB',
    title: 'Stability Programs under ICH Q1: Design, Trending and Shelf Life',
    type: 'recorded_webinar',
    category: 'Laboratory',
    topic: 'Stability',
    priceCents: 17900,
    shortDescription: 'Design stability studies, trend results and justify shelf life with regression analysis.',
    description:
      '<p>Shelf life is a promise to patients, and it rests on stability data. This session covers study design, storage conditions for each climatic zone, bracketing and matrixing, and the statistics used to set and extend shelf life.</p>' +
      '<ul><li>Long-term, intermediate and accelerated conditions</li><li>Reduced designs: bracketing and matrixing</li><li>Regression analysis and poolability</li><li>Handling out-of-trend stability results</li></ul>',
    image: '/images/courses/stability-programs.svg',
    schedule: { startOffsetDays: -200, startTimeLocal: '14:00' },
    duration: 90,
    timezone: 'Europe/London',
    tags: ['Choose stability storage conditions', 'Use bracketing and matrixing appropriately', 'Estimate shelf life by regression', 'Investigate out-of-trend stability data'],
    instructorId: I.natarajan,
    tiers: tiers(2, [
      ['7b0d3f6a-9c2e-4e38-a7f1-4e3a7c0f6d43', RECORDING, 17900],
      ['c1e4a7d0-3b6f-4a61-9d8c-5f4b8d1a7e44', RECORDING_TRANSCRIPT, 22900],
      ['8f2b5e8c-6a9d-4d94-b3e0-6a5c9e2b8f45', RECORDING_CORPORATE, 79900],
    ]),
  },
  {
    ...defaults(),
    id: '6f9c2e5b-8a1d-4e40-b7f3-7d3e9b1a5c27',
    code: 'REC-W-EMON',
    title: 'Environmental Monitoring Programs for Cleanrooms',
    type: 'recorded_webinar',
    category: 'Pharmaceutical',
    topic: 'Cleanrooms',
    priceCents: 18900,
    shortDescription: 'Select sampling locations, set limits and trend environmental data to show your cleanrooms stay in control.',
    description:
      '<p>Environmental monitoring shows whether cleanroom controls are working. This recorded webinar explains how to choose locations using risk assessment, set frequencies and limits by grade, and trend results to detect adverse shifts early.</p>' +
      '<ul><li>Viable and non-viable monitoring methods</li><li>Risk-based location selection</li><li>Alert and action limits, and excursion handling</li><li>Microbial identification and trending</li></ul>',
    image: '/images/courses/environmental-monitoring.svg',
    schedule: { startOffsetDays: -150, startTimeLocal: '10:00' },
    duration: 90,
    timezone: 'Europe/Paris',
    tags: ['Select monitoring locations by risk', 'Set limits for each cleanroom grade', 'Respond to excursions', 'Trend viable and non-viable data'],
    instructorId: I.okafor,
    tiers: tiers(1, [
      ['3c6e9a2d-5f8b-4b27-8e4a-7b6d0f3c9a46', RECORDING, 18900],
      ['e5a8d1c4-7b0e-4e50-9f2d-8c7e1a4d0b47', RECORDING_TRANSCRIPT, 23900],
      ['1f4b7e0a-9d3c-4c83-a5b6-9d8f2b5e1c48', RECORDING_CORPORATE, 84900],
    ]),
  },
  {
    ...defaults(),
    id: '8b1e4a7d-0c3f-4f72-9d6a-8e4f0c2b6d28',
    code: 'REC-W-CHG',
    title: 'Change Control That Actually Controls Change',
    type: 'recorded_webinar',
    category: 'Quality & Compliance',
    topic: 'Change',
    priceCents: 12900,
    shortDescription: 'Streamline change control so that significant changes get real scrutiny and minor ones move quickly.',
    description:
      '<p>When every change gets the same heavy process, people find ways around it. This session shows how to classify changes, involve the right reviewers, assess regulatory impact and verify that the change achieved its purpose.</p>' +
      '<ul><li>Classifying changes by risk</li><li>Regulatory impact assessment</li><li>Implementation plans and effectiveness checks</li></ul>',
    image: null,
    // A recording has the date it was held: the Edit Webinar page requires one (back-office spec §5).
    schedule: { startOffsetDays: -180, startTimeLocal: '13:00' },
    duration: 60,
    timezone: 'US/Mountain',
    tags: ['Classify changes by risk', 'Assess regulatory impact of a change', 'Verify change effectiveness'],
    instructorId: I.arakawa,
    tiers: [],
  },
  {
    ...defaults(),
    id: '0d3a6c9f-2e5b-4b05-a8c1-9f5a1d4c8e29',
    code: 'REC-W-ETMF',
    title: 'Trial Master File Essentials: Keeping the eTMF Inspection Ready',
    type: 'recorded_webinar',
    category: 'Clinical Research',
    topic: 'eTMF',
    priceCents: 21900,
    shortDescription: 'Structure, file and quality-check the trial master file so it tells the story of the trial.',
    description:
      '<p>Inspectors use the trial master file to reconstruct how a trial was conducted. Missing, late or misfiled documents undermine that story. This recording covers TMF structure, contemporaneous filing and quality control metrics.</p>' +
      '<ul><li>Reference models and TMF plans</li><li>Timeliness, completeness and quality metrics</li><li>Sponsor and site responsibilities</li><li>Preparing for inspection requests</li></ul>',
    image: '/images/courses/etmf-essentials.svg',
    schedule: { startOffsetDays: -75, startTimeLocal: '10:00' },
    duration: 90,
    timezone: 'Asia/Tokyo',
    tags: ['Organise the TMF with a reference model', 'Measure TMF timeliness and completeness', 'Divide responsibilities between sponsor and sites', 'Respond to inspector TMF requests'],
    instructorId: I.whitcombe,
    tiers: tiers(2, [
      ['6a9d2f5c-8e1b-4d16-b0c7-0a9b3e6d2f4a', RECORDING, 21900],
      ['b2c5e8f1-4a7d-4a49-8d3e-1b0c4f7e3a4b', RECORDING_TRANSCRIPT, 26900],
      ['7e0a3d6b-1c4f-4e72-9a5d-2c1d5a8f4b4c', RECORDING_CORPORATE, 94900],
    ]),
  },
  {
    ...defaults(),
    id: '2f5b8e1c-4d7a-4c38-b9e2-0a6b2e5d8f30',
    code: 'REC-W-WARN',
    title: 'What Recent FDA Warning Letters Teach Quality Teams',
    type: 'recorded_webinar',
    category: 'Regulatory Affairs',
    topic: 'Lessons',
    priceCents: 9900,
    shortDescription: 'Recurring themes from recent warning letters and how to check your own site against them.',
    description:
      '<p>Warning letters are public lessons in what goes wrong. This recorded session groups recent themes, from inadequate investigations to unvalidated cleaning, and turns each one into questions you can ask at your own site.</p>' +
      '<ul><li>The most frequently cited systems</li><li>Patterns in responses that regulators found inadequate</li><li>A self-assessment checklist</li></ul>',
    image: '/images/courses/warning-letter-lessons.svg',
    schedule: { startOffsetDays: -45, startTimeLocal: '11:00' },
    duration: 60,
    timezone: 'Australia/Sydney',
    tags: ['Recognise recurring inspection themes', 'Write credible responses to observations', 'Self-assess your site against common findings'],
    instructorId: I.osei,
    tiers: tiers(1, [
      ['3d6a9c2e-5f8b-4b05-a1e4-3d2e6b9a5c4d', RECORDING, 9900],
      ['f8b1e4a7-2d5c-4c38-8f7a-4e3f7c0b6d4e', RECORDING_TRANSCRIPT, 14900],
    ]),
  },
  {
    ...defaults(),
    id: '4a7d0b3e-6c9f-4a61-8e5c-1b7c3f6a9d31',
    code: 'REC-W-BR2019',
    title: 'Paper Batch Record Review (Retired Edition)',
    type: 'recorded_webinar',
    category: 'Pharmaceutical',
    topic: 'Batch Records',
    priceCents: 9900,
    shortDescription: 'An earlier edition of our batch record review session, kept for existing customers only.',
    description: '<p>This edition has been retired and replaced by newer material on electronic batch records. It remains available to customers who purchased it.</p>',
    image: '/images/courses/batch-record-review.svg',
    schedule: { startOffsetDays: -400, startTimeLocal: '10:00' },
    duration: 60,
    timezone: 'US/Eastern',
    tags: ['Review paper batch records systematically', 'Spot common documentation errors', 'Document review outcomes'],
    isActive: false,
    instructorId: I.lindqvist,
    tiers: [],
  },

  // ----- Recorded seminars -----------------------------------------------------------------
  {
    ...defaults(),
    id: '6c9f2b5e-8a1d-4d94-b0f7-2c8d4a7b0e32',
    code: 'RSEM-DC-2025',
    title: 'Design Controls for Medical Devices: From User Needs to Design Transfer',
    type: 'recorded_seminar',
    category: 'Medical Devices',
    topic: 'Design',
    priceCents: 109900,
    shortDescription: 'The complete two-day design controls seminar, recorded, with all exercises and templates.',
    description:
      '<p>Design controls turn user needs into a safe and effective device, and the design history file proves it. This recording of our two-day seminar follows a fictional infusion device through every design control element.</p>' +
      '<ul><li>User needs, design inputs and traceability</li><li>Design reviews that add value</li><li>Verification versus validation, including usability</li><li>Design transfer and the device master record</li></ul>' +
      '<p>Includes the workbook, a traceability matrix template and the exercise answer keys.</p>',
    image: '/images/courses/design-controls.svg',
    schedule: { startOffsetDays: -180, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'US/Eastern',
    location: 'Minneapolis, MN — Riverfront Conference Center',
    tags: ['Write verifiable design inputs', 'Maintain a traceability matrix', 'Plan verification and validation', 'Complete design transfer', 'Assemble a design history file'],
    instructorId: I.brandt,
    tiers: tiers(1, [
      ['a5e8b1d4-7c0f-4f61-9b3a-5f4a8d1c7e4f', RECORDING, 109900],
      ['0b3e6a9d-2f5c-4c94-8d7b-6a5b9e2d8f50', RECORDING_TRANSCRIPT, 129900],
      ['d6a9c2f5-8b1e-4e27-a0c8-7b6c0f3e9a51', RECORDING_CORPORATE, 349900],
    ]),
  },
  {
    ...defaults(),
    id: '8e1b4d7a-0c3f-4f16-a2d9-3d9e5b8c1f33',
    code: 'RSEM-QRM-2025',
    title: 'Quality Risk Management with ICH Q9(R1)',
    type: 'recorded_seminar',
    category: 'Pharmaceutical',
    topic: 'Risk',
    priceCents: 59900,
    shortDescription: 'A recorded one-day seminar on formal and informal risk management, subjectivity and risk-based decisions.',
    description:
      '<p>The revision of ICH Q9 addresses subjectivity in risk assessments, the level of formality needed and how risk thinking should support decisions about product availability. This full-day recording explains each change with examples.</p>' +
      '<ul><li>Risk identification, analysis and evaluation</li><li>FMEA, HACCP and risk ranking in practice</li><li>Reducing subjectivity in scoring</li><li>Linking risk reviews to management review</li></ul>',
    image: '/images/courses/quality-risk-management.svg',
    schedule: { startOffsetDays: -140, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'Europe/London',
    location: 'Manchester, UK — Northern Quarter Learning Centre',
    tags: ['Apply the QRM process from ICH Q9(R1)', 'Choose a risk tool to fit the question', 'Reduce subjectivity in risk scoring', 'Scale formality to the decision'],
    instructorId: I.arakawa,
    tiers: tiers(2, [
      ['5f8c1e4b-7a0d-4a50-b3f6-8c7d1a4f0b52', RECORDING, 59900],
      ['2a5d8b1e-4c7f-4d83-9e0a-9d8e2b5a1c53', RECORDING_TRANSCRIPT, 69900],
      ['c7f0a3d6-9e2b-4b16-8a5c-0e9f3c6b2d54', RECORDING_CORPORATE, 199900],
    ]),
  },
  {
    ...defaults(),
    id: '0a3d6f9c-2b5e-4e38-8c1f-4e0f6c9d2a34',
    code: 'RSEM-WATER-2025',
    title: 'Pharmaceutical Water Systems: Design, Qualification and Monitoring',
    type: 'recorded_seminar',
    category: 'Pharmaceutical',
    topic: 'Water',
    priceCents: 49900,
    shortDescription: 'A recorded seminar on purified water and water for injection systems, from design to routine monitoring.',
    description:
      '<p>Water is the most widely used raw material in pharmaceutical manufacturing, and a poorly controlled system can contaminate every product it touches. This recording covers generation, storage and distribution, qualification phases and microbial control.</p>' +
      '<ul><li>Purified water and water for injection quality attributes</li><li>Sanitisation methods and biofilm control</li><li>Three-phase qualification approach</li><li>Sampling plans and excursion handling</li></ul>',
    image: '/images/courses/water-systems.svg',
    schedule: { startOffsetDays: -220, startTimeLocal: '08:00' },
    duration: 480,
    timezone: 'US/Central',
    location: 'St. Louis, MO — Gateway Learning Center',
    tags: ['Explain water quality grades and attributes', 'Control biofilm through design and sanitisation', 'Qualify a water system in three phases', 'Set up routine sampling and trending'],
    instructorId: I.lindqvist,
    tiers: tiers(1, [
      ['8b1e4a7c-0d3f-4e61-a6b9-1f0a4d7c3e55', RECORDING, 49900],
      ['4e7b0d3a-6f9c-4c94-9b2e-2a1b5e8d4f56', RECORDING_CORPORATE, 159900],
    ]),
  },
  {
    ...defaults(),
    id: '2c5f8b1e-4a7d-4a72-9e3b-5f1a7d0e3b35',
    code: 'RSEM-AMV-2025',
    title: 'Analytical Method Validation and Lifecycle under ICH Q2(R2) and Q14',
    type: 'recorded_seminar',
    category: 'Laboratory',
    topic: 'Methods',
    priceCents: 69900,
    shortDescription: 'The complete two-day method validation seminar, recorded, including the statistics workshop.',
    description:
      '<p>Analytical procedures now have a lifecycle: development with an analytical target profile, validation scaled to intended use and ongoing performance monitoring. This two-day recording explains the revised guidance and the statistics behind each validation characteristic.</p>' +
      '<ul><li>Analytical target profiles and method development</li><li>Specificity, accuracy, precision, range and robustness</li><li>Statistical evaluation of validation data</li><li>Method transfer and comparability</li></ul>',
    image: '/images/courses/method-validation.svg',
    schedule: { startOffsetDays: -100, startTimeLocal: '09:00', days: 2 },
    duration: 960,
    timezone: 'Europe/Paris',
    location: 'Lyon, France — Confluence Business Centre',
    tags: ['Define an analytical target profile', 'Validate each performance characteristic', 'Evaluate validation data statistically', 'Plan method transfers'],
    instructorId: I.natarajan,
    tiers: tiers(2, [
      ['0f3a6d9c-2e5b-4b27-8c0f-3b2c6f9e5a57', RECORDING, 69900],
      ['b4d7a0e3-6c9f-4f50-9d4a-4c3d7a0f6b58', RECORDING_TRANSCRIPT, 79900],
      ['5a8e1c4f-7b0d-4d83-a8e1-5d4e8b1a7c59', RECORDING_CORPORATE, 239900],
    ]),
  },
  {
    ...defaults(),
    id: '4e7b0d3a-6c9f-4c06-a4d7-6a2b8e1f4c36',
    code: 'RSEM-CDM-2025',
    title: 'Clinical Data Management and CDISC Standards in Practice',
    type: 'recorded_seminar',
    category: 'Clinical Research',
    topic: 'CDISC',
    priceCents: 44900,
    shortDescription: 'A recorded one-day seminar on case report form design, data cleaning and CDISC submission standards.',
    description:
      '<p>Clean, standardised data is the foundation of every regulatory submission. This recording follows data from case report form design through edit checks, query management and database lock, then maps it to CDISC standards.</p>' +
      '<ul><li>CRF design with CDASH</li><li>Edit checks and query management</li><li>SDTM and ADaM in plain terms</li><li>Database lock and data transfer</li></ul>',
    image: '/images/courses/clinical-data-management.svg',
    schedule: { startOffsetDays: -160, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'Australia/Sydney',
    location: 'Melbourne, VIC — Southbank Training Centre',
    tags: ['Design CRFs with CDASH', 'Manage edit checks and queries', 'Understand SDTM and ADaM datasets', 'Prepare for database lock'],
    instructorId: I.whitcombe,
    tiers: [],
  },
  {
    ...defaults(),
    id: '6a9d2f5c-8e1b-4b39-b7a0-7b3c9f2a5d37',
    code: 'RSEM-17025-2025',
    title: 'Auditing Testing Laboratories against ISO/IEC 17025',
    type: 'recorded_seminar',
    category: 'Laboratory',
    topic: 'ISO 17025',
    priceCents: 54900,
    shortDescription: 'A recorded seminar on auditing contract and in-house testing laboratories against ISO/IEC 17025.',
    description:
      '<p>Whether you audit a contract laboratory or prepare your own for accreditation, ISO/IEC 17025 sets the benchmark for competence and impartiality. This recorded seminar walks through the standard and shows how to collect evidence for each requirement.</p>' +
      '<ul><li>Impartiality, confidentiality and structure</li><li>Personnel competence and equipment calibration</li><li>Measurement uncertainty and validity of results</li><li>Auditing technical records</li></ul>',
    image: null,
    schedule: { startOffsetDays: -130, startTimeLocal: '09:00' },
    duration: 480,
    timezone: 'Asia/Tokyo',
    location: 'Osaka, Japan — Nakanoshima Conference Hall',
    tags: ['Interpret ISO/IEC 17025 requirements', 'Audit personnel competence and equipment', 'Check measurement uncertainty evaluations', 'Trace results through technical records'],
    instructorId: I.osei,
    tiers: tiers(1, [
      ['c1f4b7e0-3a6d-4e16-9f2c-6e5f9c2b8d5a', RECORDING, 54900],
      ['7d0a3e6b-9c2f-4a49-8b5e-7f6a0d3c9e5b', RECORDING_CORPORATE, 179900],
    ]),
  },

  // ----- Webinar packs (type webinar, category pack) ---------------------------------------
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
    tags: ['Structure a quality system under ICH Q10', 'Run effective CAPA and change control', 'Manage supplier quality', 'Lead management review with meaningful metrics', 'Drive continual improvement'],
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

  // ----- Webinars ----------------------------------------------------------------------------
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
