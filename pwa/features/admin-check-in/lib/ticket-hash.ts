/** SHA-256 (hex) of a ticket's canonical code: how the device's list names tickets (the codes themselves are never kept). */
export async function ticketHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
