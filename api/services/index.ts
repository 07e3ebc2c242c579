import type { Knex } from 'knex';
import type { CatalogueCacheConfig, Limits, StripeConfig } from '../config';
import type { Mailer } from '../integrations/mail';
import type { PaymentProcessor } from '../integrations/payments/payment-processor';
import { createStripeClient, StripePaymentProcessor } from '../integrations/payments/stripe-processor';
import { TestPaymentProcessor } from '../integrations/payments/test-processor';
import { deriveKey } from '../lib/crypto';
import type { Logger } from '../logger';
import { AccountService } from './account-service';
import { AuthService } from './auth-service';
import { CatalogueCache } from './catalogue-cache';
import { CourseAdminService } from './course-admin';
import { OrderReportService } from './admin/order-report';
import { IdempotencyService } from './idempotency-service';
import { CatalogueService } from './catalogue-service';
import { CatalogueSyncService } from './catalogue-sync-service';
import { CheckoutService } from './checkout';
import { ContactService } from './contact-service';
import { ProfileService } from './profile-service';
import type { Clock } from '../lib/clock';
import { RateLimiter } from './rate-limiter';
import { StripeWebhookService } from './stripe-webhook-service';
import { TestPaymentService } from './test-payment-service';

/** Every service the routes use, built once per app from its collaborators. */
export interface Services {
  catalogue: CatalogueService;
  catalogueSync: CatalogueSyncService;
  catalogueCache: CatalogueCache;
  courseAdmin: CourseAdminService;
  orderReport: OrderReportService;
  idempotency: IdempotencyService;
  auth: AuthService;
  accounts: AccountService;
  profile: ProfileService;
  rateLimiter: RateLimiter;
  processor: PaymentProcessor;
  checkout: CheckoutService;
  contact: ContactService;
  /** Only with the built-in test processor. */
  testPayments: TestPaymentService | null;
  /** Only with Stripe and a webhook secret. */
  stripeWebhooks: StripeWebhookService | null;
}

export interface ServiceDependencies {
  knex: Knex;
  mailer: Mailer;
  authSecret: string;
  clock: Clock;
  logger: Logger;
  limits: Limits;
  publicUrl: string;
  supportEmail: string;
  stripe?: StripeConfig;
  catalogueCache?: Partial<CatalogueCacheConfig>;
}

export function createServices(d: ServiceDependencies): Services {
  const { knex, mailer, clock, logger } = d;
  const rateLimiter = new RateLimiter(knex, clock);
  const processor: PaymentProcessor = d.stripe
    ? new StripePaymentProcessor({ secretKey: d.stripe.secretKey, publishableKey: d.stripe.publishableKey, prices: d.stripe.prices, api: d.stripe.api })
    : new TestPaymentProcessor(knex, clock);
  const accounts = new AccountService({ knex, mailer, rateLimiter, clock, limits: d.limits });
  const checkout = new CheckoutService({ knex, processor, mailer, clock, logger, publicUrl: d.publicUrl, rateLimiter, limits: d.limits, secretKey: deriveKey(d.authSecret, 'checkout-client-secrets') });
  return {
    catalogue: new CatalogueService(knex),
    catalogueSync: new CatalogueSyncService(knex),
    courseAdmin: new CourseAdminService({ knex, clock }),
    orderReport: new OrderReportService({ knex }),
    idempotency: new IdempotencyService({ knex, clock }),
    catalogueCache: new CatalogueCache({ knex, clock, windowMs: d.catalogueCache?.windowMs, maxBytes: d.catalogueCache?.maxBytes }),
    auth: new AuthService({ knex, secret: d.authSecret, mailer, rateLimiter, clock, limits: d.limits, accounts }),
    accounts,
    profile: new ProfileService(knex),
    rateLimiter,
    processor,
    checkout,
    contact: new ContactService({ knex, mailer, rateLimiter, clock, logger, supportEmail: d.supportEmail }),
    testPayments: d.stripe ? null : new TestPaymentService(knex, checkout, clock),
    stripeWebhooks:
      d.stripe?.webhookSecret
        ? new StripeWebhookService({ knex, stripe: createStripeClient(d.stripe), webhookSecret: d.stripe.webhookSecret, checkout, clock, logger })
        : null,
  };
}
