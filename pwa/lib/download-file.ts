/**
 * A file from the API handed to the browser as a download under the server's name. The API takes
 * a bearer token (no cookie), so the file is fetched with it (`apiRequest`) rather than linked.
 * Failures stay `ApiError` (with the server's `{ message }`).
 */
import { apiRequest } from './api-client';

export interface DownloadedFile {
  name: string;
  /** Response headers, e.g. the invoice number the server names. */
  headers: Headers;
}

export async function downloadFile(path: string, fallbackName: string): Promise<DownloadedFile> {
  const response = await apiRequest('GET', path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { name, headers: response.headers };
}
