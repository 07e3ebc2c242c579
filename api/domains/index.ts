/**
 * Every domain of the API, listed once. A new domain is one file beside these (`defineDomain`:
 * its services, routes, jobs) and one entry here; `app.ts` (services, routes, unparsed bodies) and
 * the processes (`server.ts`, `worker.ts`: `createJobRunner`) read this list.
 *
 * The order is the order of the routes and of the start-up jobs (the seminar sweep, then checkout
 * recovery, then course mail, which sends the sweep's recording notices). Services are built in
 * the order of their `needs`, whatever the list's order.
 */
import type { JobDependencies, PeriodicJob, QueuedJobHandler } from '../jobs/definitions';
import { JobRunner } from '../jobs/runner';
import type { Clock } from '../lib/clock';
import type { Logger } from '../logger';
import type { ApiRouter } from '../middleware/access';
import type { ServiceDependencies } from '../services/dependencies';
import { accountsDomain } from './accounts';
import { assessmentsDomain } from './assessments';
import { attemptsDomain } from './attempts';
import { attendanceDomain } from './attendance';
import { calendarDomain } from './calendar';
import { catalogueDomain } from './catalogue';
import { checkInDomain } from './check-in';
import { completionDomain } from './completion';
import { certificatesDomain } from './certificates';
import { contactDomain } from './contact';
import { coursesDomain } from './courses';
import type { Domain, RouteOptions, UnparsedBody } from './domain';
import { invoicesDomain } from './invoices';
import { joinLinksDomain } from './join-links';
import { learningDomain } from './learning';
import { meetingsDomain } from './meetings';
import { ordersDomain } from './orders';
import { orgsDomain } from './orgs';
import { peopleDomain } from './people';
import { platformDomain } from './platform';
import { pushDomain } from './push';
import { uploadsDomain } from './uploads';
import { videoDomain } from './video';
import { waitlistsDomain } from './waitlists';
import { bookingsDomain } from './bookings';

export const DOMAINS = [
  coursesDomain,
  ordersDomain,
  calendarDomain,
  pushDomain,
  platformDomain,
  catalogueDomain,
  accountsDomain,
  uploadsDomain,
  invoicesDomain,
  peopleDomain,
  contactDomain,
  learningDomain,
  videoDomain,
  meetingsDomain,
  attendanceDomain,
  checkInDomain,
  joinLinksDomain,
  completionDomain,
  assessmentsDomain,
  attemptsDomain,
  certificatesDomain,
  orgsDomain,
  waitlistsDomain,
  bookingsDomain,
] as const;

type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;
type OwnOf<D> = D extends Domain<infer Own, any> ? Own : never;
type UsesOf<D> = D extends Domain<any, infer Uses> ? Uses : never;

/** Every service the routes and jobs use: what the domains build, together. */
export type Services = AllOf<OwnOf<(typeof DOMAINS)[number]>>;

// A domain's routes and jobs may read only what the domains build (a compile-time check).
const everyUseIsBuilt: Services extends AllOf<UsesOf<(typeof DOMAINS)[number]>> ? true : never = true;
void everyUseIsBuilt;

/** Builds every domain's services (`DOMAINS`). */
export function createServices(dependencies: ServiceDependencies): Services {
  return buildServices(DOMAINS, dependencies) as unknown as Services;
}

/** Builds the domains' services, each once its `needs` are built, giving it only those. */
export function buildServices(domains: readonly Domain[], dependencies: ServiceDependencies): Record<string, unknown> {
  const built: Record<string, unknown> = {};
  const waiting: Domain[] = [...domains];
  while (waiting.length > 0) {
    const next = waiting.findIndex((domain) => domain.needs.every((name) => name in built));
    if (next < 0) throw new Error(`Domains whose needs no domain builds: ${waiting.map((d) => `${d.name} (${d.needs.join(', ')})`).join('; ')}`);
    const [domain] = waiting.splice(next, 1);
    const needed = Object.fromEntries(domain!.needs.map((name) => [name, built[name]]));
    Object.assign(built, domain!.services?.(dependencies, needed));
  }
  return built;
}

/** Adds every domain's routes to the API router. */
export function registerRoutes(api: ApiRouter, services: Services, options: RouteOptions): void {
  for (const domain of DOMAINS as readonly Domain[]) domain.routes?.(api, services, options);
}

/** The periodic jobs of every domain; those with `atStart` run at start in this order. */
export function periodicJobs(dependencies: JobDependencies<Services>): PeriodicJob[] {
  return (DOMAINS as readonly Domain[]).flatMap((domain) => domain.jobs?.(dependencies) ?? []);
}

/** The handlers of every domain's queued jobs. */
export function queuedJobs(dependencies: JobDependencies<Services>): Array<QueuedJobHandler<any>> {
  return (DOMAINS as readonly Domain[]).flatMap((domain) => domain.queuedJobs?.(dependencies) ?? []);
}

/** The requests whose body the JSON parser leaves alone. */
export const UNPARSED_BODIES: readonly UnparsedBody[] = (DOMAINS as readonly Domain[]).flatMap((domain) => domain.unparsedBodies ?? []);

/**
 * What a process runs: `serving` — an API process with jobs (everything); `serving-only` — an API
 * process with `JOBS=off` (its own memory's work only); `worker` — the database's jobs, no HTTP.
 */
export type JobRole = 'serving' | 'serving-only' | 'worker';

/** The one job runner of a process (`jobs/runner.ts`), with the domains' jobs its role runs. */
export function createJobRunner(dependencies: JobDependencies<Services> & { role: JobRole; logger: Logger; clock?: Clock; pollMs?: number }): JobRunner {
  const { role } = dependencies;
  const periodic = periodicJobs(dependencies).filter((job) => {
    const ownMemory = job.claim === 'process';
    return role === 'serving' || (role === 'serving-only' ? ownMemory : !ownMemory);
  });
  return new JobRunner({
    knex: dependencies.knex,
    logger: dependencies.logger,
    clock: dependencies.clock,
    pollMs: dependencies.pollMs,
    periodic,
    queued: role === 'serving-only' ? [] : queuedJobs(dependencies),
  });
}
