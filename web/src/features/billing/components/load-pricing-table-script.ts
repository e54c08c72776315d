const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

let loading: Promise<void> | undefined;

/**
 * Adds Stripe's pricing-table script once, the first time the billing page needs it, so no other
 * page loads third-party code. A failed load may be tried again on the next visit.
 */
export function loadPricingTableScript(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PRICING_TABLE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('The pricing table script could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
