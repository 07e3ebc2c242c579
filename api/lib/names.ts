/** A readable default name from an e-mail's local part: "jane.doe@x" → "Jane Doe". */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._\-+]+/).filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return name.length >= 2 ? name : email;
}
