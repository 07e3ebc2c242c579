/**
 * The catalogue's image addresses, read from the saved copy: uploaded images in both sizes (cards
 * and avatars use the small one, a course's page the large one) and the bundled `/images/` ones.
 * Read where the sync runs (its worker), so going through thousands of saved courses never takes
 * the page's main thread; the page hands the list to the service worker (background-sync.ts).
 */
import { UPLOAD_WIDTHS, uploadedImageId, uploadedImageSize } from '@contracts/image-paths';
import type { CatalogueDatabase } from './catalogue-db';

export async function collectImageUrls(db: CatalogueDatabase): Promise<string[]> {
  const urls = new Set<string>();
  const add = (url: string | null | undefined) => {
    const id = uploadedImageId(url);
    if (id) for (const width of UPLOAD_WIDTHS) urls.add(uploadedImageSize(id, width));
    else if (url?.startsWith('/images/')) urls.add(url);
  };
  await db.courses.each((course) => {
    add(course.image);
    add(course.instructorImage);
  });
  await db.instructors.each((instructor) => add(instructor.image));
  return [...urls];
}
