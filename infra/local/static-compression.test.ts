import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressedFile } from './static-compression';

describe('static compression, as CloudFront does it', () => {
  it('prefers Brotli, else gzip, for text types of 1,000 bytes to 10 MB', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', 'text/javascript; charset=utf-8', 5_000)).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, deflate', 'text/html; charset=utf-8', 5_000)).toBe('gzip');
    expect(chooseEncoding('gzip, br', 'image/svg+xml', 1_000)).toBe('br');
  });

  it('leaves small, huge, binary and unasked-for answers as they are', () => {
    expect(chooseEncoding('gzip, br', 'text/css; charset=utf-8', 999)).toBeNull();
    expect(chooseEncoding('gzip, br', 'text/css; charset=utf-8', 10_000_001)).toBeNull();
    expect(chooseEncoding('gzip, br', 'image/png', 50_000)).toBeNull();
    expect(chooseEncoding(undefined, 'text/html; charset=utf-8', 50_000)).toBeNull();
    expect(chooseEncoding('identity', 'text/html; charset=utf-8', 50_000)).toBeNull();
  });

  describe('compressedFile', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'growthwise-compression-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('answers the file, compressed, and the same bytes again until the file changes', async () => {
      const file = path.join(dir, 'app.js');
      const text = 'export const x = 1;\n'.repeat(200);
      writeFileSync(file, text);
      const br = await compressedFile(file, 1, 'br');
      expect(br.length).toBeLessThan(text.length / 10);
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(await compressedFile(file, 1, 'gzip')).toString()).toBe(text);
      expect(await compressedFile(file, 1, 'br')).toBe(br);

      writeFileSync(file, 'changed '.repeat(200));
      expect(brotliDecompressSync(await compressedFile(file, 2, 'br')).toString()).toBe('changed '.repeat(200));
    });
  });
});
