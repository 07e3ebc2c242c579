/**
 * Shared by the demo artwork (scripts/generate-images.ts): the theme colours, small SVG helpers
 * and the brand mark — a hexagonal ring (a molecule) with three atoms and a medical cross at its
 * centre — as SVG and as geometry for the PNG icons.
 */

export const THEME = '#0e7c86';
export const THEME_DARK = '#0a5961';

/** FNV-1a hash of a string, for deterministic per-image variation. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const r1 = (n: number) => Math.round(n * 10) / 10;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function hexagonPoints(cx: number, cy: number, radius: number, rotation = 0): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const angle = rotation + (Math.PI / 3) * i;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  return points;
}

export const pointsAttr = (points: [number, number][]) => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');

// Geometry in units of the mark radius; shared by the SVG favicon and the PNG rasteriser.
export const MARK = {
  ring: 1, // hexagon vertex distance
  ringStroke: 0.16,
  atom: 0.2,
  atomVertices: [0, 2, 4], // vertex indices (0 = top, clockwise)
  crossArm: 0.36, // half-length of each cross bar
  crossHalfWidth: 0.13,
};

export function markVertices(cx: number, cy: number, scale: number): [number, number][] {
  return hexagonPoints(cx, cy, MARK.ring * scale, -Math.PI / 2);
}

export function markSvg(cx: number, cy: number, scale: number, color: string): string {
  const vertices = markVertices(cx, cy, scale);
  const arm = MARK.crossArm * scale;
  const half = MARK.crossHalfWidth * scale;
  return (
    `<g fill="${color}"><polygon points="${pointsAttr(vertices)}" fill="none" stroke="${color}" stroke-width="${r1(MARK.ringStroke * scale)}" stroke-linejoin="round"/>` +
    MARK.atomVertices.map((i) => `<circle cx="${r1(vertices[i]![0])}" cy="${r1(vertices[i]![1])}" r="${r1(MARK.atom * scale)}"/>`).join('') +
    `<rect x="${r1(cx - half)}" y="${r1(cy - arm)}" width="${r1(half * 2)}" height="${r1(arm * 2)}" rx="${r1(half * 0.4)}"/>` +
    `<rect x="${r1(cx - arm)}" y="${r1(cy - half)}" width="${r1(arm * 2)}" height="${r1(half * 2)}" rx="${r1(half * 0.4)}"/></g>`
  );
}
