/**
 * The paths of uploaded images (no zod here: the storefront's cards import this on first load).
 * An upload is stored as `/objects/uploads/{id}.webp` (1200 px wide at most) beside a 400 px
 * `/objects/uploads/{id}-400.webp`; `imageSrcSet` lets a card download the small one.
 */

/** The widths every upload is re-encoded to (the largest is the stored path). */
export const UPLOAD_WIDTHS = [400, 1200] as const;

const UPLOADED = /^\/objects\/uploads\/([0-9a-f-]{36})\.webp$/;

/** The id of an uploaded image path, or null for any other path. */
export function uploadedImageId(path: string | null | undefined): string | null {
  return UPLOADED.exec(path ?? '')?.[1] ?? null;
}

/** The stored path of an uploaded image: its largest size. */
export function uploadedImagePath(id: string): string {
  return `/objects/uploads/${id}.webp`;
}

/** The path of one size of an uploaded image (the largest is the stored path itself). */
export function uploadedImageSize(id: string, width: (typeof UPLOAD_WIDTHS)[number]): string {
  return width === 1200 ? uploadedImagePath(id) : `/objects/uploads/${id}-${width}.webp`;
}

/** `srcset` of an image path: every size of an upload; undefined for other images (one file). */
export function imageSrcSet(path: string | null | undefined): string | undefined {
  const id = uploadedImageId(path);
  return id ? UPLOAD_WIDTHS.map((w) => `${uploadedImageSize(id, w)} ${w}w`).join(', ') : undefined;
}

/**
 * What a back-office form holds for an image picked offline (`local-image:{outbox entry id}`)
 * until its upload lands; the outbox puts the stored path in its place before any write is sent,
 * and the API never accepts it.
 */
export const LOCAL_IMAGE_PREFIX = 'local-image:';
export const LOCAL_IMAGE = /^local-image:[0-9a-f-]{36}$/;
