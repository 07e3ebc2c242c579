/** POST /api/contact: the contact form's one request. Failures carry the spec's message, and the server's when it names the problem. */
import type { ContactRequest } from '@contracts/contact';
import { ApiError, apiRequest } from '../../lib/api-client';

export const CONTACT_FAILED = 'Failed to send message. Please try again.';

export class ContactSendError extends Error {
  constructor(readonly detail: string | undefined) {
    super(CONTACT_FAILED);
  }
}

export async function sendContactMessage(request: ContactRequest): Promise<void> {
  try {
    await apiRequest('POST', '/api/contact', request);
  } catch (error) {
    // A refusal that says why (bad input, too many messages) is worth showing; a network or server failure is not.
    const detail = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
    throw new ContactSendError(detail);
  }
}
