/** Query keys of web push: the VAPID public key and the signed-in user's devices. */
export const pushKeys = {
  all: ['push'] as const,
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  devices: () => [...pushKeys.all, 'devices'] as const,
};
