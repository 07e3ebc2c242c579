import type { Knex } from 'knex';
import type { CatalogueCacheConfig, Limits, StripeConfig } from '../config';
import type { Mailer } from '../integrations/mail';
import type { PaymentProcessor } from '../integrations/payments/payment-processor';
import { createStripeClient, StripePaymentProcessor } from '../integrations/payments/stripe-processor';
import { TestPaymentProcessor } from '../integrations/payments/test-processor';
import { deriveKey } from '../lib/crypto';
import type { Logger } from '../logger';
import { AccountService } from './accounts/account-service';
import { AuthService } from './accounts/auth-service';
import { CatalogueCache } from './catalogue/catalogue-cache';
import { CourseAdminService } from './catalogue/admin';
import { ActivityService } from './platform/activity';
import { MessageService } from './contact/messages';
import { OrderReportService } from './orders/order-report';
import { PeopleService } from './people/people';
import { IdempotencyService } from './platform/idempotency-service';
import { CatalogueService } from './catalogue/catalogue-service';
import { CatalogueSyncService } from './catalogue/catalogue-sync-service';
import { CheckoutService } from './orders/checkout';
import { ContactService } from './contact/contact-service';
import { ProfileService } from './accounts/profile-service';
import type { Clock } from '../lib/clock';
import { RateLimiter } from './platform/rate-limiter';
import { StripeWebhookService } from './orders/payments/stripe-webhook-service';
import { TestPaymentService } from './orders/payments/test-payment-service';
import { UploadService } from './uploads/upload-service';
import type { ObjectStore } from '../integrations/object-store';
import { CalendarService } from './calendar/calendar-invites';
import { InvoiceService } from './invoices/invoice-service';
import { RecordingNoticeService } from './calendar/recording-notices';
import { createWebPushSender, type PushSender } from '../integrations/web-push';
import type { VapidDetails } from '../lib/vapid-keys';
import { PushSubscriptionService } from './push/subscriptions';
import { ReminderDeliveryService } from './push/reminder-delivery';

/** Every service the routes use, built once per app from its collaborators. */
export interface Services {
  catalogue: CatalogueService;
  catalogueSync: CatalogueSyncService;
  catalogueCache: CatalogueCache;
  courseAdmin: CourseAdminService;
  orderReport: OrderReportService;
  people: PeopleService;
  messages: MessageService;
  activity: ActivityService;
  uploads: UploadService;
  idempotency: IdempotencyService;
  auth: AuthService;
  accounts: AccountService;
  profile: ProfileService;
  rateLimiter: RateLimiter;
  processor: PaymentProcessor;
  checkout: CheckoutService;
  /** Invoice PDFs (issue 16). */
  invoices: InvoiceService;
  /** Calendar invites of live sessions: downloads, updates and cancellations (issue 16). */
  calendar: CalendarService;
  /** "The recording is available" mails after the seminar sweep (issue 16). */
  recordingNotices: RecordingNoticeService;
  contact: ContactService;
  /** Web-push devices and reminder preferences. */
  pushSubscriptions: PushSubscriptionService;
  /** Reminders before live sessions (run by the job in api/jobs). */
  reminders: ReminderDeliveryService;
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
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
  objectStore: ObjectStore;
  push: PushDependencies;
}

export interface PushDependencies {
  vapid: VapidDetails;
  /** Origins accepted as push endpoints besides the public push services (PUSH_TEST_ORIGINS). */
  testOrigins: string[];
  /** Default: web-push over fetch, signed with `vapid`. */
  sender?: PushSender;
}

export function createServices(d: ServiceDependencies): Services {
  const { knex, mailer, clock, logger } = d;
  const rateLimiter = new RateLimiter(knex, clock);
  const processor: PaymentProcessor = d.stripe
    ? new StripePaymentProcessor({ secretKey: d.stripe.secretKey, publishableKey: d.stripe.publishableKey, prices: d.stripe.prices, api: d.stripe.api })
    : new TestPaymentProcessor(knex, clock);
  const uploads = new UploadService({ knex, store: d.objectStore, signingKey: deriveKey(d.authSecret, 'upload-addresses'), clock, logger });
  const accounts = new AccountService({ knex, mailer, rateLimiter, clock, limits: d.limits });
  const invoices = new InvoiceService({ knex, clock });
  const calendar = new CalendarService({ knex, mailer, clock, logger, publicUrl: d.publicUrl, organizerEmail: d.supportEmail });
  const receiptAttachments = async (orderId: string) => {
    const invoice = await invoices.pdf(orderId);
    return [{ filename: invoice.filename, content: invoice.content, contentType: 'application/pdf' }, ...(await calendar.receiptAttachments(orderId))];
  };
  const checkout = new CheckoutService({ knex, processor, mailer, clock, logger, publicUrl: d.publicUrl, rateLimiter, limits: d.limits, secretKey: deriveKey(d.authSecret, 'checkout-client-secrets'), receiptAttachments });
  return {
    catalogue: new CatalogueService(knex),
    catalogueSync: new CatalogueSyncService(knex),
    courseAdmin: new CourseAdminService({ knex, clock, images: uploads, calendarMail: calendar }),
    orderReport: new OrderReportService({ knex }),
    people: new PeopleService({ knex, mailer, clock, logger, adminLoginUrl: `${d.publicUrl}/admin/login` }),
    messages: new MessageService({ knex, clock }),
    activity: new ActivityService({ knex }),
    uploads,
    idempotency: new IdempotencyService({ knex, clock }),
    catalogueCache: new CatalogueCache({ knex, clock, windowMs: d.catalogueCache?.windowMs, maxBytes: d.catalogueCache?.maxBytes }),
    auth: new AuthService({ knex, secret: d.authSecret, mailer, rateLimiter, clock, limits: d.limits, accounts }),
    accounts,
    profile: new ProfileService(knex),
    rateLimiter,
    processor,
    checkout,
    invoices,
    calendar,
    recordingNotices: new RecordingNoticeService({ knex, mailer, clock, logger, publicUrl: d.publicUrl }),
    pushSubscriptions: new PushSubscriptionService({ knex, clock, testOrigins: d.push.testOrigins }),
    reminders: new ReminderDeliveryService({
      knex,
      clock,
      logger,
      mailer,
      publicUrl: d.publicUrl,
      push: d.push.sender ?? createWebPushSender(d.push.vapid),
      calendarFile: (user, courseId) => calendar.fileForUser(user, courseId),
    }),
    vapidPublicKey: d.push.vapid.publicKey,
    contact: new ContactService({ knex, mailer, rateLimiter, clock, logger, supportEmail: d.supportEmail, perIpPerHour: d.limits.contactPerIp }),
    testPayments: d.stripe ? null : new TestPaymentService(knex, checkout, clock),
    stripeWebhooks:
      d.stripe?.webhookSecret
        ? new StripeWebhookService({ knex, stripe: createStripeClient(d.stripe), webhookSecret: d.stripe.webhookSecret, checkout, clock, logger })
        : null,
  };
}
