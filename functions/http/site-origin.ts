/** The stage's own site: the first allowed origin (CloudFront's URL in the cloud, localhost here). */
export const siteOrigin = () => (process.env.APP_ORIGINS ?? '').split(',')[0]!.trim();
