/**
 * Certificate PDFs signed as PDFs (issue 32, point 2) when CERT_SIGNING_P12 names the issuer's
 * certificate and key (PKCS#12): a PAdES-style detached PKCS#7 signature over the whole file
 * (`@signpdf`), so a PDF reader shows who issued it and that it was not changed since. Unsigned
 * when none is configured. How to make one: README, "Configuration".
 */
import forge from 'node-forge';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';

export interface PdfSigning {
  /** The PKCS#12 file's bytes (certificate and private key). */
  p12: Buffer;
  passphrase: string;
}

const signer = new SignPdf();

/** Throws with a plain reason when the file cannot be opened with the passphrase or holds no key and certificate. */
export function checkPdfSigning({ p12, passphrase }: PdfSigning): { subject: string } {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), passphrase);
  const certBag = forge.pki.oids.certBag!;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certificate = parsed.getBags({ bagType: certBag })[certBag]?.[0]?.cert;
  const key = parsed.getBags({ bagType: keyBag })[keyBag]?.[0]?.key;
  if (!certificate || !key) throw new Error('it holds no certificate and private key');
  return { subject: String(certificate.subject.getField('CN')?.value ?? 'unnamed') };
}

export async function signPdf(pdf: Buffer, signing: PdfSigning, about: { reason: string; name: string; contact: string; location: string }): Promise<Buffer> {
  const prepared = plainAddPlaceholder({ pdfBuffer: pdf, reason: about.reason, name: about.name, contactInfo: about.contact, location: about.location });
  return signer.sign(prepared, new P12Signer(signing.p12, { passphrase: signing.passphrase }));
}
