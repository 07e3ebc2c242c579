import { cartQuoteRequestSchema, createPaymentIntentSchema, createSubscriptionSchema, testAuthenticateSchema, testConfirmSchema } from '@contracts/checkout';
import { ORG_MESSAGES } from '@contracts/orgs';
import { AppError } from '../errors';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { OrderServices } from '../services/orders';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export function checkoutRoutes(api: ApiRouter, services: OrderServices): void {
  const { checkout, processor } = services;

  api.get('/api/config', 'public', async (ctx) => {
    ctx.body = { paymentProcessor: processor.kind, stripePublishableKey: processor.publishableKey };
  });

  // The cart priced as checkout will charge it: the signed-in buyer's membership discounts (none for a guest), then a coupon code's.
  api.post('/api/cart/quote', 'public', async (ctx) => {
    const { lines, couponCode } = parseBody(cartQuoteRequestSchema, requestBody(ctx));
    const user = ctx.state.user;
    ctx.body = await checkout.quote({ userId: user?.id ?? null, email: user?.email ?? null, clientKey: ctx.state.clientKey }, lines, couponCode);
  });

  api.post('/api/create-payment-intent', 'public', async (ctx) => {
    const body = parseBody(createPaymentIntentSchema, requestBody(ctx));
    const user = ctx.state.user;
    if (!user && !body.customerEmail) throw AppError.badRequest('Please enter your email address for the receipt');
    if (!user && !body.customerName) throw AppError.badRequest('Please enter your name for the receipt');
    const buyer = user
      ? { userId: user.id, email: user.email, name: user.name }
      : { userId: null, email: body.customerEmail ?? null, name: body.customerName ?? null };
    if (body.orgId && !user) throw new AppError('unauthorized', ORG_MESSAGES.orgOnlyForSignedIn);
    ctx.body = await checkout.createCheckout({
      courseIds: body.courseIds,
      amount: body.amount,
      items: body.items,
      buyer,
      clientKey: ctx.state.clientKey,
      orgId: body.orgId,
      couponCode: body.couponCode,
    });
  });

  api.post('/api/create-subscription', 'public', async (ctx) => {
    const { email, name, priceId, couponCode } = parseBody(createSubscriptionSchema, requestBody(ctx));
    // The membership is the buyer's own only when they are signed in as the account for that e-mail.
    const user = ctx.state.user;
    const userId = user && user.email.toLowerCase() === email ? user.id : null;
    ctx.body = await checkout.createMembershipCheckout({ email, name, priceId, userId, clientKey: ctx.state.clientKey, couponCode });
  });

  const testPayments = () => {
    if (!services.testPayments) throw AppError.notFound('The test payment processor is not active');
    return services.testPayments;
  };

  api.get('/api/test-payments/status', 'public', async (ctx) => {
    const secret = ctx.query.client_secret;
    if (typeof secret !== 'string' || secret.length < 10) throw AppError.badRequest('Invalid query parameter "client_secret": required');
    ctx.body = await testPayments().status(secret);
  });

  api.post('/api/test-payments/confirm', 'public', async (ctx) => {
    const { clientSecret, card } = parseBody(testConfirmSchema, requestBody(ctx));
    ctx.body = await testPayments().confirm(clientSecret, card);
  });

  api.post('/api/test-payments/authenticate', 'public', async (ctx) => {
    const { clientSecret, outcome } = parseBody(testAuthenticateSchema, requestBody(ctx));
    ctx.body = await testPayments().authenticate(clientSecret, outcome);
  });

  api.post(STRIPE_WEBHOOK_PATH, 'public', async (ctx) => {
    if (!services.stripeWebhooks) throw AppError.notFound('Stripe webhooks are not configured');
    const raw = (ctx.state as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    ctx.body = await services.stripeWebhooks.handle(raw, ctx.get('Stripe-Signature') || undefined);
  });
}
