import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The handlers run inside the test process (the emulator imports their bundles) and Powertools
 * writes their log lines and EMF metrics to its stdout and stderr: this diverts those JSON lines
 * into one file for the tests to read (and keeps them off the test report). Other output passes.
 * Returns the function that restores the streams.
 */
export function divertHandlerLog(file: string): () => void {
  const streams = [process.stdout, process.stderr] as const;
  // Opened once: an append that opens and closes the file for each of the run's lines cost a second of CPU.
  const log = openSync(file, 'a');
  const originals = streams.map((stream) => stream.write);
  streams.forEach((stream, index) => {
    const original = originals[index]!;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
      if (text !== undefined && isHandlerLine(text)) {
        writeSync(log, text.endsWith('\n') ? text : `${text}\n`);
        const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        callback?.();
        return true;
      }
      return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
  });
  return () => {
    streams.forEach((stream, index) => (stream.write = originals[index]!));
    closeSync(log);
  };
}

/** A Powertools log line (service growthwise) or an EMF metrics line. */
function isHandlerLine(text: string): boolean {
  if (!text.startsWith('{')) return false;
  return text.includes('"_aws":') || text.includes('"service":"growthwise"');
}
