/** The screens' e-mail check (the server validates again with the shared schema). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
