/** The demo catalogue's instructors and guest speakers. */
import type { DemoInstructor, DemoGuestInstructor } from './types';

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

export const GUEST_MARCUS_BELL: DemoGuestInstructor = {
  name: 'Marcus Bell',
  title: 'Inspection Readiness Coach',
  bio: '<p>Marcus has hosted and supported more than sixty regulatory inspections at drug and biologics sites. He now runs mock inspections and coaches subject-matter experts on answering questions clearly and honestly.</p>',
  image: '/images/instructors/guest-marcus-bell.svg',
};

export const GUEST_LENA_HOFFMANN: DemoGuestInstructor = {
  name: 'Dr. Lena Hoffmann',
  title: 'QC Laboratory Operations Consultant',
  bio: '<p>Lena managed quality control laboratories for a generics manufacturer for over a decade. She specialises in laboratory investigations, analyst training and reducing invalidated results.</p>',
  image: '/images/instructors/guest-lena-hoffmann.svg',
};

export const GUEST_YUKI_TANAKA_REID: DemoGuestInstructor = {
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
