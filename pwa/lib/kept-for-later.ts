/**
 * A write the server could not be reached for: kept on this device, sent when the connection
 * allows. The back office's outbox throws it (`sendWrite`, offline/back-office/send-write.ts); it
 * is declared here, on the ground floor, so the toasts (toasts.ts) say "Saved on this device"
 * without knowing the outbox.
 */
export class KeptForLaterError<Entry = unknown> extends Error {
  constructor(readonly entry: Entry) {
    super('Saved on this device. It will be sent when the connection is back.');
    this.name = 'KeptForLaterError';
  }
}
