/**
 * A large generated catalogue for the benchmarks: `count` active courses with realistic
 * descriptions (~1.5 KB of sanitized HTML), 0–3 pricing tiers each, over 40 instructors, written
 * through the product's models and recorded in the catalogue change log exactly as a real write
 * is (so sync, caches and the search index see it). Deterministic: the same count gives the
 * same catalogue. A handful of courses mention "zebrafish", the rare term the search benchmark uses.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { Course, Instructor, PricingTier } from '@db/models';
import { transaction } from '@db/transaction';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import { seededRandom } from '../random';

export const RARE_TERM = 'zebrafish';
const RARE_EVERY = 2500;
const BATCH = 250;

const SUBJECTS = [
  'GMP',
  'GCP',
  'GLP',
  'CAPA',
  'Validation',
  'Data Integrity',
  'Pharmacovigilance',
  'Clinical Trials',
  'Medical Devices',
  'Biologics',
  'Cleanroom',
  'Audit',
  'Risk Management',
  'Labeling',
  'Stability Testing',
  'Computer Systems',
  'Supplier Quality',
  'Deviation Handling',
  'Change Control',
  'Regulatory Affairs',
];
const ANGLES = [
  'Essentials',
  'Masterclass',
  'for Managers',
  'in Practice',
  'Deep Dive',
  'Update 2027',
  'Bootcamp',
  'Workshop',
  'Fundamentals',
  'Advanced Topics',
];
const TYPES = ['live_seminar', 'live_webinar', 'webinar', 'recorded_webinar', 'recorded_seminar', 'recorded_course'] as const;
const CATEGORIES = ['Pharmaceutical', 'Medical Devices', 'Biotechnology', 'Clinical Research', 'Quality & Compliance', 'Laboratory'];
const ZONES = ['US/Eastern', 'US/Central', 'US/Pacific', 'Europe/London', 'Europe/Paris'];
const SENTENCES = [
  'Participants learn how inspectors read the evidence a quality system produces, and how to make that evidence speak for itself.',
  'We walk through real warning letters and the decisions that led to them, then rebuild each process so the finding could not recur.',
  'Templates, checklists and a worked example are included, so the material can be applied the week after the session.',
  'The session covers the regulation, the guidance that interprets it, and the practices that experienced auditors expect to see.',
  'Time is set aside for questions from the audience; the instructor answers with examples from two decades of industry work.',
  'Case studies come from sterile manufacturing, contract laboratories and clinical operations across three continents.',
];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function description(rnd: () => number, index: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  while (length < 1400) {
    const text = Array.from({ length: 3 }, () => pick(rnd, SENTENCES)).join(' ');
    paragraphs.push(`<p>${text}</p>`);
    length += text.length + 7;
  }
  if (index % RARE_EVERY === 7) paragraphs.push(`<p>Includes a ${RARE_TERM} toxicology case study.</p>`);
  paragraphs.push(`<ul><li>${pick(rnd, SUBJECTS)} requirements</li><li>${pick(rnd, SUBJECTS)} documentation</li></ul>`);
  return sanitizeRichText(paragraphs.join('')) ?? '';
}

export async function generateCatalogue(knex: Knex, count: number, now = new Date('2027-01-01T00:00:00.000Z')): Promise<{ courses: number; tiers: number }> {
  const rnd = seededRandom(20261122);
  const stamp = now.toISOString();
  const instructors = Array.from({ length: 40 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Dr. Instructor ${i + 1}`,
    title: `${pick(rnd, SUBJECTS)} Consultant`,
    bio: sanitizeRichText(`<p>${pick(rnd, SENTENCES)} ${pick(rnd, SENTENCES)}</p>`),
    image: null,
    expertise: [pick(rnd, SUBJECTS), pick(rnd, SUBJECTS)],
    createdAt: stamp,
    updatedAt: stamp,
  }));
  await transaction(knex, async (trx) => {
    await Instructor.insertMany(trx, instructors);
    await recordCatalogueChanges(
      trx,
      instructors.map((i) => ({ entity: 'instructor' as const, entityId: i.id, action: 'upsert' as const })),
      now,
    );
  });
  let tiers = 0;
  for (let start = 0; start < count; start += BATCH) {
    const courses: Array<PartialModelObject<Course>> = [];
    const courseTiers: Array<PartialModelObject<PricingTier>> = [];
    for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
      const type = pick(rnd, TYPES);
      const live = type === 'live_seminar' || type === 'live_webinar';
      const startDate = live || rnd() < 0.5 ? new Date(now.getTime() + Math.floor(rnd() * 400) * 86_400_000 + 15 * 3_600_000).toISOString() : null;
      const instructor = pick(rnd, instructors);
      const id = crypto.randomUUID();
      courses.push({
        id,
        title: `${pick(rnd, SUBJECTS)} ${pick(rnd, ANGLES)} ${i + 1}`,
        code: `GEN${String(i + 1).padStart(6, '0')}`,
        type,
        category: rnd() < 0.08 ? 'pack' : pick(rnd, CATEGORIES),
        priceCents: (99 + Math.floor(rnd() * 1900)) * 100,
        shortDescription: pick(rnd, SENTENCES),
        description: description(rnd, i),
        image: null,
        startDate,
        endDate: startDate && type === 'live_seminar' ? new Date(new Date(startDate).getTime() + 86_400_000).toISOString() : null,
        duration: type === 'live_seminar' ? 480 : 90,
        timezone: pick(rnd, ZONES),
        location: type === 'live_seminar' ? 'Boston, MA' : null,
        maxParticipants: type === 'live_seminar' ? 50 : null,
        currentParticipants: type === 'live_seminar' ? Math.floor(rnd() * 40) : 0,
        seatsHeld: 0,
        tags: ['Understand the requirements', 'Apply them the next day'],
        isActive: true,
        instructorId: instructor.id,
        instructorName: null,
        instructorTitle: null,
        instructorImage: null,
        instructorBio: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      const tierCount = Math.floor(rnd() * 4);
      for (let t = 0; t < tierCount; t += 1) {
        courseTiers.push({
          id: crypto.randomUUID(),
          courseId: id,
          name: ['Single', 'Team', 'Enterprise'][t]!,
          priceCents: (199 + t * 300 + Math.floor(rnd() * 100)) * 100,
          description: 'Access for the named attendees.',
          features: ['Live access', 'Recording', 'Certificate'].slice(0, t + 1),
          isDefault: t === 0,
          tierLevel: t + 1,
          sortOrder: t + 1,
          createdAt: stamp,
          updatedAt: stamp,
        });
      }
    }
    tiers += courseTiers.length;
    await transaction(knex, async (trx) => {
      for (let i = 0; i < courses.length; i += 25) await Course.insertMany(trx, courses.slice(i, i + 25));
      for (let i = 0; i < courseTiers.length; i += 50) await PricingTier.insertMany(trx, courseTiers.slice(i, i + 50));
      await recordCatalogueChanges(
        trx,
        [
          ...courses.map((c) => ({ entity: 'course' as const, entityId: c.id as string, action: 'upsert' as const })),
          ...courseTiers.map((t) => ({ entity: 'pricing_tier' as const, entityId: t.id as string, action: 'upsert' as const })),
        ],
        now,
      );
    });
  }
  return { courses: count, tiers };
}
