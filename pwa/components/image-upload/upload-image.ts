/**
 * One image upload (back-office spec §7): ask for a single-use address (`POST /api/objects/upload`
 * with the file's type and size, so a wrong file is refused before it is sent), PUT the file
 * straight to it with its content type (XMLHttpRequest: fetch cannot report upload progress),
 * then ask for it to be completed — the server checks the bytes and makes the sizes — and get
 * the path a course or instructor stores.
 */
import type { UploadTicket } from '@contracts/uploads';
import { apiRequest, ApiError } from '@pwa/lib/api-client';

function put(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new ApiError(request.status, request.responseText, request.statusText));
    request.onerror = () => reject(new TypeError('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

export async function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const ticket = (await (await apiRequest('POST', '/api/objects/upload', { contentType: file.type, size: file.size })).json()) as UploadTicket;
  await put(ticket.uploadURL, file, onProgress, signal);
  const done = (await (await apiRequest('POST', ticket.completeURL)).json()) as { objectPath: string };
  return done.objectPath;
}
