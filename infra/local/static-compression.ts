import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

type ContentEncoding = 'br' | 'gzip';

/**
 * CloudFront compresses what it serves (the distribution's `compress` default and the
 * CachingOptimized policy): text types of 1,000 bytes to 10 MB, Brotli when the browser accepts
 * it, else gzip (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/ServingCompressedFiles.html).
 * The emulator does the same, so a page loads here with the bytes it loads with in the cloud.
 */
const COMPRESSIBLE_TYPES = /^(text\/(html|css|javascript|plain)|application\/(json|manifest\+json)|image\/svg\+xml)\b/;

export function chooseEncoding(acceptEncoding: string | undefined, contentType: string, size: number): ContentEncoding | null {
  if (size < 1000 || size > 10_000_000 || !COMPRESSIBLE_TYPES.test(contentType)) return null;
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const compressors: Record<ContentEncoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 5: close to what a CDN spends on the fly, and fast enough for the first request of a file.
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (data) => promisify(gzip)(data),
};

/** Each built file is compressed once per encoding (and again only if it changes on disk). */
const cache = new Map<string, Promise<Buffer>>();

export function compressedFile(file: string, mtimeMs: number, encoding: ContentEncoding): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = cache.get(key);
  if (!body) {
    body = readFile(file).then(compressors[encoding]);
    body.catch(() => cache.delete(key));
    cache.set(key, body);
  }
  return body;
}
