import { appOrigins } from '../config';

/** The stage's own site: the first allowed origin (CloudFront's URL in the cloud, localhost here). */
export const siteOrigin = () => appOrigins()[0] ?? '';
