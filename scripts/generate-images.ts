/**
 * Generates the committed demo artwork under pwa/public: instructor avatars, course images,
 * fallback images, the favicon and the PWA icons (PNG). Dependency-free: SVG is written as text
 * and PNG is encoded by hand with node:zlib (`images/`: the brand, the course art, the icons).
 * Deterministic: re-running produces identical files.
 *
 *   tsx scripts/generate-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_COURSES, DEMO_GUEST_AVATARS, DEMO_INSTRUCTORS } from '../db/seeds/demo-catalogue-data';
import { escapeXml, hash, markSvg, r1, THEME, THEME_DARK } from './images/brand';
import { courseFallbackSvg, courseSvg } from './images/course-art';
import { renderIcon } from './images/icon-png';
import { seededRandom } from './random';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', 'pwa', 'public');

let written = 0;
function write(relative: string, content: string | Buffer): void {
  const file = path.join(PUBLIC_DIR, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  written += 1;
}

// ---------------------------------------------------------------------------------------------
// Avatars (400x400)

const AVATAR_PALETTES: [string, string][] = [
  ['#0e7c86', '#0a4f66'],
  ['#2f6db5', '#1d3f78'],
  ['#6a2c70', '#b83b5e'],
  ['#0f5e4d', '#3a9c7a'],
  ['#9a3a2a', '#d9743a'],
  ['#34435a', '#6b7f99'],
  ['#4b3a8e', '#7a5cc4'],
  ['#1d6f42', '#6aa84f'],
  ['#7a4a12', '#c98a2b'],
  ['#0b5f69', '#2aa1a8'],
];

function initials(name: string): string {
  const words = name
    .replace(/^(Dr|Prof|Mr|Ms|Mrs)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}

function avatarSvg(name: string, index: number): string {
  const [from, to] = AVATAR_PALETTES[index % AVATAR_PALETTES.length]!;
  const rand = seededRandom(hash(name));
  const ringX = r1(260 + rand() * 120);
  const ringY = r1(20 + rand() * 100);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="${ringX}" cy="${ringY}" r="120" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="18"/>` +
    `<circle cx="${r1(40 + rand() * 60)}" cy="${r1(330 + rand() * 50)}" r="90" fill="#fff" fill-opacity="0.07"/>` +
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="148" font-weight="600" fill="#fff" letter-spacing="4">${escapeXml(initials(name))}</text>` +
    `</svg>\n`
  );
}

function instructorFallbackSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="Instructor">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dfe7ea"/><stop offset="1" stop-color="#b9c8ce"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="160" r="72" fill="#fff" fill-opacity="0.85"/>` +
    `<path d="M70 400c0-86 58-150 130-150s130 64 130 150z" fill="#fff" fill-opacity="0.85"/>` +
    `</svg>\n`
  );
}

function faviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${THEME}"/><stop offset="1" stop-color="${THEME_DARK}"/></linearGradient></defs>` +
    `<rect width="64" height="64" rx="14" fill="url(#bg)"/>` +
    markSvg(32, 32, 19, '#fff') +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Write everything

DEMO_INSTRUCTORS.forEach((instructor, index) => {
  const expected = `/images/instructors/${instructor.slug}.svg`;
  if (instructor.image !== expected) throw new Error(`instructor ${instructor.name}: image should be ${expected}`);
  write(`images/instructors/${instructor.slug}.svg`, avatarSvg(instructor.name, index));
});
DEMO_GUEST_AVATARS.forEach((guest, index) => write(`images/instructors/${guest.slug}.svg`, avatarSvg(guest.name, DEMO_INSTRUCTORS.length + index)));

for (const course of DEMO_COURSES) {
  if (!course.image) continue;
  const match = /^\/images\/courses\/([a-z0-9-]+)\.svg$/.exec(course.image);
  if (!match) throw new Error(`course ${course.code}: unexpected image path ${course.image}`);
  write(`images/courses/${match[1]}.svg`, courseSvg(match[1]!, course.category, course.topic));
}

write('images/course-fallback.svg', courseFallbackSvg());
write('images/instructor-fallback.svg', instructorFallbackSvg());
write('favicon.svg', faviconSvg());

// "any" icons: rounded square, transparent corners. Maskable: full bleed, mark well inside the
// central 80% safe circle (mark extent is 1.2 x markScale of the size: 0.26 < 0.4).
write('icons/icon-192.png', renderIcon({ size: 192, cornerRadius: 0.22, markScale: 0.3 }));
write('icons/icon-512.png', renderIcon({ size: 512, cornerRadius: 0.22, markScale: 0.3 }));
write('icons/maskable-512.png', renderIcon({ size: 512, cornerRadius: 0, markScale: 0.22 }));
write('icons/apple-touch-icon.png', renderIcon({ size: 180, cornerRadius: 0, markScale: 0.28 }));

console.log(`Wrote ${written} files under ${path.relative(process.cwd(), PUBLIC_DIR) || PUBLIC_DIR}`);
