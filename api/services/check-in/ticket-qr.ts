/** A ticket's QR code as SVG markup (the `qrcode` package; medium error correction, a quiet zone of 4 modules). */
import QRCode from 'qrcode';

export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
