import { secretOnce } from '../aws/secret-value';

const secretKey = secretOnce('STRIPE_SECRET_KEY');
const webhookSecret = secretOnce('STRIPE_WEBHOOK_SECRET');

/**
 * The stage's Stripe secret key (sk_… or a restricted rk_…), or undefined when billing has none:
 * the stage's secret is created with a placeholder until an operator puts the key in (README).
 */
export async function stripeSecretKey(): Promise<string | undefined> {
  const value = await secretKey();
  return value && /^(sk|rk)_/.test(value) ? value : undefined;
}

/** The webhook endpoint's signing secret (whsec_…), or undefined when the stage has none yet. */
export async function stripeWebhookSecret(): Promise<string | undefined> {
  const value = await webhookSecret();
  return value?.startsWith('whsec_') ? value : undefined;
}
