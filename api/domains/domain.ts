/**
 * What a domain contributes to the app, declared once in `domains/<name>.ts` and listed once in
 * `domains/index.ts`: its services (built from the process's collaborators and the services of
 * the domains it `needs`), its routes (each with its access rule), its jobs, and the requests whose
 * body the app must leave unparsed. `app.ts`, `server.ts` and `worker.ts` read the
 * list; none of them is edited for a new domain.
 */
import type { PeriodicJob, QueuedJobHandler, JobDependencies } from '../jobs/definitions';
import type { ApiRouter } from '../middleware/access';
import type { ServiceDependencies } from '../services/dependencies';

export interface RouteOptions {
  /** Cookies carry the Secure flag (the public address is https). */
  secureCookies: boolean;
  publicUrl: string;
}

/** A request the JSON body parser skips: `raw` keeps the exact bytes (a signed webhook), `stream` leaves the body to its route. */
export interface UnparsedBody {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string | RegExp;
  keep: 'raw' | 'stream';
}

export interface Domain<Own extends object = object, Uses extends object = any> {
  name: string;
  /** Services of other domains its factory is given (only these). */
  needs: readonly string[];
  services?: (dependencies: ServiceDependencies, needed: any) => Own;
  routes?: (api: ApiRouter, services: Uses, options: RouteOptions) => void;
  /** Periodic jobs; those with `atStart` run at start in the order of `DOMAINS`. */
  jobs?: (dependencies: JobDependencies<Uses>) => PeriodicJob[];
  queuedJobs?: (dependencies: JobDependencies<Uses>) => Array<QueuedJobHandler<any>>;
  unparsedBodies?: readonly UnparsedBody[];
}

/**
 * Declares a domain. `Own` is what its factory builds; `Needs`, what it is given of other domains
 * (list their keys in `needs`); `Uses`, what its routes and jobs read of all services
 * (`domains/index.ts` checks at compile time that the domains build it).
 */
export function defineDomain<Own extends object = object, Needs extends object = object, Uses extends object = Own>(domain: {
  name: string;
  needs?: ReadonlyArray<keyof Needs & string>;
  services?: (dependencies: ServiceDependencies, needed: Needs) => Own;
  routes?: (api: ApiRouter, services: Uses, options: RouteOptions) => void;
  jobs?: (dependencies: JobDependencies<Uses>) => PeriodicJob[];
  queuedJobs?: (dependencies: JobDependencies<Uses>) => Array<QueuedJobHandler<any>>;
  unparsedBodies?: readonly UnparsedBody[];
}): Domain<Own, Uses> {
  return { ...domain, needs: domain.needs ?? [] };
}
