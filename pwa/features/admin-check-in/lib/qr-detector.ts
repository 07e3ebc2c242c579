/**
 * Reads a QR code from the camera's picture: the browser's own `BarcodeDetector` where it has one
 * that reads QR codes, else jsQR — loaded only now, by the scanner, never by the storefront.
 */
export type DetectQr = (video: HTMLVideoElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?(): Promise<string[]>;
}

/** The longer side frames are scaled to for jsQR: enough for a ticket held up to the camera, fast on a phone. */
const FRAME_SIDE = 640;

export async function qrDetector(): Promise<DetectQr> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && formats?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || !width || !height) return null;
    const scale = Math.min(1, FRAME_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}
