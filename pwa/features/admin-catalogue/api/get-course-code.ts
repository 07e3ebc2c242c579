/** GET /api/admin/course-code?prefix=LIVE|SEM: the "Generate" button's code, one no course has yet. */
import { getJson } from '@pwa/lib/api-client';

export async function getCourseCode(prefix: 'LIVE' | 'SEM'): Promise<string> {
  return (await getJson<{ code: string }>(`/api/admin/course-code?prefix=${prefix}`)).code;
}
