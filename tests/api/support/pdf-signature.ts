/**
 * PDF signatures in tests: a self-signed issuer certificate and key made as a PKCS#12 file (what
 * `openssl pkcs12 -export` gives), and a check of a signed PDF as a reader does it — the bytes the
 * /ByteRange covers hash to the PKCS#7's signed message digest, and that signature verifies with
 * the certificate it carries.
 */
import forge from 'node-forge';

export function makeTestP12(commonName: string, passphrase: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [{ name: 'commonName', value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [certificate], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

export function pdfSignature(pdf: Uint8Array): { signed: boolean; valid: boolean; signer: string | null; reason: string | null } {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) return { signed: false, valid: false, signer: null, reason: null };
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  const covered = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  const hex = text.slice(a + b + 1, c - 1).replace(/(00)+$/, '');
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.hexToBytes(hex))) as unknown as {
    certificates: forge.pki.Certificate[];
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attr) => forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest,
  );
  const signedDigest = (((digestAttribute!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string) ?? '';
  const actualDigest = forge.md.sha256.create().update(covered.toString('binary')).digest().getBytes();
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes()).digest().getBytes();
  const certificate = message.certificates[0]!;
  const signatureOk = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(attributesDigest, message.rawCapture.signature);
  return {
    signed: true,
    valid: signedDigest === actualDigest && signatureOk && c + d === bytes.length,
    signer: String(certificate.subject.getField('CN')?.value ?? ''),
    reason: /\/Reason\s*\(([^)]*)\)/.exec(text)?.[1] ?? null,
  };
}
