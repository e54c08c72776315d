import Stripe from 'stripe';
import { stripeApi } from '../config';
import { stripeSecretKey } from './stripe-settings';

let client: Promise<Stripe | undefined> | undefined;

/**
 * The Stripe API client of this container, or undefined when the stage has no secret key.
 * STRIPE_API_HOST / _PORT / _PROTOCOL point it at the local stand-in in tests; in the cloud they
 * are unset and it talks to api.stripe.com.
 */
export function stripeClient(): Promise<Stripe | undefined> {
  client ??= stripeSecretKey().then((key) => (key ? new Stripe(key, connection()) : undefined));
  client.catch(() => (client = undefined));
  return client;
}

function connection(): Stripe.StripeConfig {
  const { host, port, protocol } = stripeApi();
  return {
    // Webhook deliveries are retried by Stripe; a stuck call should fail inside the function's 10 s.
    timeout: 5000,
    maxNetworkRetries: 1,
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  };
}
