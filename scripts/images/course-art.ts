/** Course images (1200x675) of the demo artwork: a palette per category, a motif per topic, and the fallback image. */
import { seededRandom } from '../random';
import { escapeXml, hash, hexagonPoints, markSvg, pointsAttr, r1, THEME } from './brand';

const W = 1200;
const H = 675;

const PALETTES: Record<string, [string, string, string]> = {
  Pharmaceutical: ['#0e7c86', '#0b4f6c', '#7fd4d9'],
  'Medical Devices': ['#1d4e89', '#2a7fba', '#9cc9f0'],
  'Clinical Research': ['#4b3a8e', '#2f6db5', '#b9b2f0'],
  'Quality & Compliance': ['#0f5e4d', '#2e9c7a', '#a6e8cf'],
  Laboratory: ['#6a2c70', '#b83b5e', '#f3b3c9'],
  'Regulatory Affairs': ['#34435a', '#5f7896', '#c9d6e6'],
  Healthcare: ['#9a3a2a', '#d9743a', '#ffd2b0'],
  pack: ['#134e5e', '#3a8f6e', '#b8f0c8'],
};

type Motif = (rand: () => number, accent: string) => string;

/** Fused benzene-like rings with atoms at the vertices. */
const molecules: Motif = (rand, accent) => {
  const out: string[] = [];
  const radius = 86 + rand() * 22;
  const step = radius * Math.sqrt(3);
  let cx = 560 + rand() * 120;
  let cy = 180 + rand() * 90;
  const atoms: [number, number][] = [];
  for (let i = 0; i < 5; i++) {
    const points = hexagonPoints(cx, cy, radius, Math.PI / 6);
    out.push(`<polygon points="${pointsAttr(points)}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="7" stroke-linejoin="round"/>`);
    if (i % 2 === 0) {
      const inner = hexagonPoints(cx, cy, radius * 0.62, Math.PI / 6);
      out.push(`<polyline points="${pointsAttr(inner.slice(0, 3))}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`);
    }
    atoms.push(...points.filter(() => rand() < 0.35));
    const direction = rand() < 0.5 ? -1 : 1;
    cx += step * (rand() < 0.5 ? 1 : 0.5);
    cy += direction * radius * 1.5 * (rand() < 0.5 ? 1 : 0);
    if (cx > W - radius || cy < radius || cy > H - radius) {
      cx -= step * 2.2;
      cy = Math.min(H - radius * 1.5, Math.max(radius * 1.5, cy + radius * 2));
    }
  }
  for (const [x, y] of atoms) out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(15 + rand() * 8)}" fill="${accent}" fill-opacity="0.9"/>`);
  return out.join('');
};

/** Layered sine waves, like a signal or a chromatogram baseline. */
const waves: Motif = (rand, accent) => {
  const out: string[] = [];
  for (let k = 0; k < 5; k++) {
    const amplitude = 20 + rand() * 55;
    const wavelength = 220 + rand() * 260;
    const phase = rand() * Math.PI * 2;
    const baseline = 300 + k * 55 + rand() * 30;
    const parts: string[] = [];
    for (let x = 0; x <= W; x += 20) parts.push(`${x},${r1(baseline + amplitude * Math.sin((x / wavelength) * Math.PI * 2 + phase))}`);
    const stroke = k === 2 ? accent : '#fff';
    out.push(
      `<polyline points="${parts.join(' ')}" fill="none" stroke="${stroke}" stroke-opacity="${r1(0.35 + k * 0.12)}" stroke-width="${5 + (k % 3) * 1.5}" stroke-linecap="round"/>`,
    );
  }
  return out.join('');
};

/** A vital-signs trace with a grid behind it. */
const pulse: Motif = (rand, accent) => {
  const out: string[] = [];
  for (let x = 0; x <= W; x += 60) out.push(`<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#fff" stroke-opacity="0.07" stroke-width="2"/>`);
  for (let y = 0; y <= H; y += 60) out.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#fff" stroke-opacity="0.07" stroke-width="2"/>`);
  const baseline = 330 + rand() * 60;
  const parts: string[] = [];
  let x = 0;
  while (x <= W) {
    parts.push(`${x},${r1(baseline)}`);
    const beat = 180 + rand() * 90;
    if (x + 120 < W) {
      parts.push(
        `${x + 40},${r1(baseline - 18)}`,
        `${x + 55},${r1(baseline + 22)}`,
        `${x + 70},${r1(baseline - 150 - rand() * 50)}`,
        `${x + 88},${r1(baseline + 70)}`,
        `${x + 105},${r1(baseline)}`,
      );
    }
    x += beat;
  }
  out.push(`<polyline points="${parts.join(' ')}" fill="none" stroke="${accent}" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>`);
  for (let i = 0; i < 6; i++)
    out.push(`<circle cx="${r1(760 + rand() * 380)}" cy="${r1(70 + rand() * 160)}" r="${r1(6 + rand() * 8)}" fill="#fff" fill-opacity="0.5"/>`);
  return out.join('');
};

/** Scatter of observations with a fitted curve and confidence band. */
const scatter: Motif = (rand, accent) => {
  const out: string[] = [];
  const slope = -0.25 - rand() * 0.2;
  const intercept = 470 + rand() * 60;
  const fit = (x: number) => intercept + slope * (x - 150) - 0.00012 * (x - 600) ** 2;
  const upper: string[] = [];
  const lower: string[] = [];
  for (let x = 120; x <= 1140; x += 30) {
    upper.push(`${x},${r1(fit(x) - 45 - x * 0.02)}`);
    lower.unshift(`${x},${r1(fit(x) + 45 + x * 0.02)}`);
  }
  out.push(`<polygon points="${[...upper, ...lower].join(' ')}" fill="#fff" fill-opacity="0.1"/>`);
  const line: string[] = [];
  for (let x = 120; x <= 1140; x += 30) line.push(`${x},${r1(fit(x))}`);
  out.push(`<polyline points="${line.join(' ')}" fill="none" stroke="${accent}" stroke-width="6" stroke-linecap="round"/>`);
  for (let i = 0; i < 42; i++) {
    const px = 130 + rand() * 1000;
    const py = fit(px) + (rand() - 0.5) * 120;
    out.push(`<circle cx="${r1(px)}" cy="${r1(py)}" r="${r1(6 + rand() * 5)}" fill="#fff" fill-opacity="${r1(0.45 + rand() * 0.4)}"/>`);
  }
  out.push(
    `<line x1="110" y1="90" x2="110" y2="600" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/><line x1="110" y1="600" x2="1150" y2="600" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>`,
  );
  return out.join('');
};

/** Honeycomb grid with a few highlighted cells. */
const honeycomb: Motif = (rand, accent) => {
  const out: string[] = [];
  const radius = 46;
  const dx = radius * Math.sqrt(3);
  const dy = radius * 1.5;
  for (let row = -1; row < H / dy + 1; row++) {
    for (let col = -1; col < W / dx + 1; col++) {
      const cx = col * dx + (row % 2 ? dx / 2 : 0);
      const cy = row * dy;
      if (cx < 420 && rand() < 0.8) continue;
      const roll = rand();
      if (roll < 0.08) out.push(`<polygon points="${pointsAttr(hexagonPoints(cx, cy, radius - 5, Math.PI / 6))}" fill="${accent}" fill-opacity="0.75"/>`);
      else if (roll < 0.6)
        out.push(
          `<polygon points="${pointsAttr(hexagonPoints(cx, cy, radius - 5, Math.PI / 6))}" fill="none" stroke="#fff" stroke-opacity="${r1(0.12 + rand() * 0.3)}" stroke-width="3"/>`,
        );
    }
  }
  return out.join('');
};

/** Bubbles rising, as in a flask or a cell culture. */
const bubbles: Motif = (rand, accent) => {
  const out: string[] = [];
  for (let i = 0; i < 34; i++) {
    const r = 8 + rand() ** 2 * 70;
    const filled = rand() < 0.3;
    const cx = 380 + rand() * 800;
    const cy = 40 + rand() * 600;
    out.push(
      filled
        ? `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${accent}" fill-opacity="${r1(0.35 + rand() * 0.4)}"/>`
        : `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="#fff" stroke-opacity="${r1(0.3 + rand() * 0.4)}" stroke-width="4"/>`,
    );
  }
  return out.join('');
};

/** Stacked documents, for regulatory submissions. */
const documents: Motif = (rand, accent) => {
  const out: string[] = [];
  const baseX = 620 + rand() * 120;
  const baseY = 120 + rand() * 40;
  for (let i = 0; i < 4; i++) {
    const x = baseX + i * 42;
    const y = baseY + i * 34;
    out.push(
      `<rect x="${r1(x)}" y="${r1(y)}" width="300" height="380" rx="18" fill="#fff" fill-opacity="${r1(0.1 + i * 0.07)}" stroke="#fff" stroke-opacity="0.45" stroke-width="3"/>`,
    );
  }
  const lx = baseX + 3 * 42 + 36;
  const ly = baseY + 3 * 34 + 50;
  for (let i = 0; i < 7; i++) {
    const width = 160 + rand() * 70;
    out.push(`<rect x="${r1(lx)}" y="${r1(ly + i * 40)}" width="${r1(width)}" height="12" rx="6" fill="#fff" fill-opacity="0.6"/>`);
  }
  out.push(
    `<circle cx="${r1(lx + 200)}" cy="${r1(ly + 290)}" r="34" fill="${accent}"/><polyline points="${r1(lx + 184)},${r1(ly + 290)} ${r1(lx + 196)},${r1(ly + 303)} ${r1(lx + 218)},${r1(ly + 278)}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  return out.join('');
};

/** Scattered medical crosses over gentle waves. */
const crosses: Motif = (rand, accent) => {
  const out: string[] = [waves(rand, '#fff')];
  for (let i = 0; i < 9; i++) {
    const size = 26 + rand() * 40;
    const cx = 500 + rand() * 640;
    const cy = 60 + rand() * 520;
    const t = size / 3;
    out.push(
      `<g fill="${i % 3 === 0 ? accent : '#fff'}" fill-opacity="${r1(0.45 + rand() * 0.4)}"><rect x="${r1(cx - t / 2)}" y="${r1(cy - size / 2)}" width="${r1(t)}" height="${r1(size)}" rx="${r1(t / 4)}"/><rect x="${r1(cx - size / 2)}" y="${r1(cy - t / 2)}" width="${r1(size)}" height="${r1(t)}" rx="${r1(t / 4)}"/></g>`,
    );
  }
  return out.join('');
};

/** A fanned stack of cards, for bundles. */
const stack: Motif = (rand, accent) => {
  const out: string[] = [bubbles(rand, accent)];
  for (let i = 0; i < 4; i++) {
    const angle = -12 + i * 8;
    out.push(
      `<rect x="700" y="160" width="340" height="230" rx="22" transform="rotate(${angle} 870 500)" fill="#fff" fill-opacity="${r1(0.15 + i * 0.12)}" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>`,
    );
  }
  return out.join('');
};

const MOTIFS: Record<string, Motif[]> = {
  Pharmaceutical: [molecules, honeycomb],
  'Medical Devices': [pulse, waves],
  'Clinical Research': [scatter, pulse],
  'Quality & Compliance': [honeycomb, documents],
  Laboratory: [bubbles, molecules],
  'Regulatory Affairs': [documents, waves],
  Healthcare: [crosses],
  pack: [stack],
};

export function courseSvg(seedText: string, category: string, topic: string | null): string {
  const rand = seededRandom(hash(seedText));
  const [from, to, accent] = PALETTES[category] ?? PALETTES['Regulatory Affairs']!;
  const motifs = MOTIFS[category] ?? [honeycomb];
  const motif = motifs[Math.floor(rand() * motifs.length)]!;
  const angle = Math.floor(rand() * 60) + 15;
  const glowX = r1(200 + rand() * 800);
  const glowY = r1(100 + rand() * 400);
  const label = topic
    ? `<text x="64" y="611" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff" fill-opacity="0.92" letter-spacing="1">${escapeXml(topic)}</text><rect x="66" y="528" width="72" height="8" rx="4" fill="${accent}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(topic ?? 'Course')} illustration">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="${glowX}" cy="${glowY}" r="420" fill="url(#glow)"/>` +
    motif(rand, accent) +
    `<rect width="${W}" height="${H}" fill="url(#shade)"/>` +
    label +
    `</svg>\n`
  );
}

export function courseFallbackSvg(): string {
  const out: string[] = [];
  const radius = 60;
  const dx = radius * Math.sqrt(3);
  const dy = radius * 1.5;
  for (let row = 0; row < H / dy + 1; row++) {
    for (let col = 0; col < W / dx + 1; col++) {
      const cx = col * dx + (row % 2 ? dx / 2 : 0);
      const cy = row * dy;
      const distance = Math.hypot(cx - W / 2, cy - H / 2);
      const opacity = Math.max(0.05, 0.4 - distance / 1600);
      out.push(
        `<polygon points="${pointsAttr(hexagonPoints(cx, cy, radius - 6, Math.PI / 6))}" fill="none" stroke="#fff" stroke-opacity="${r1(opacity * 10) / 10}" stroke-width="3"/>`,
      );
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Course">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${THEME}"/><stop offset="1" stop-color="#12385a"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    out.join('') +
    markSvg(W / 2, H / 2, 150, '#fff') +
    `</svg>\n`
  );
}
