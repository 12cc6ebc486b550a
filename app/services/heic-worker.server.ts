import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** Longest a HEIC conversion may run (a 12 MP photo took 1.3 s on a quiet machine here, 6 s on a busy one). */
export const HEIC_TIMEOUT_MS = 30_000;

// heic-convert decodes HEVC in JavaScript and WebAssembly: on the main thread a large photo would
// stall every request. Each conversion runs in its own worker thread, ended when it overruns.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
require(workerData.modulePath)({ buffer: workerData.input, format: "PNG" }).then(
  (output) => parentPort.postMessage({ ok: true, png: new Uint8Array(output) }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

export class HeicConversionError extends Error {}

let modulePath: string | undefined;

/** heic-convert's entry file, found from the app's bundle (or source) and else from the working directory. */
function heicConvertPath(): string {
  for (const base of [import.meta.url, path.join(process.cwd(), "package.json")]) {
    try {
      return createRequire(base).resolve("heic-convert");
    } catch {
      // try the next place
    }
  }
  throw new HeicConversionError("heic-convert is not installed");
}

// One conversion at a time per process: a 40 MP photo needs several hundred MB while it decodes.
let queue: Promise<unknown> = Promise.resolve();

/** Converts HEIC/HEIF bytes to PNG in a worker thread; rejects with HeicConversionError on failure or timeout. */
export function convertHeicInWorker(
  input: Buffer,
  { timeoutMs = HEIC_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<Buffer> {
  const run = queue.then(() => runWorker(input, timeoutMs));
  queue = run.catch(() => undefined);
  return run;
}

function runWorker(input: Buffer, timeoutMs: number): Promise<Buffer> {
  modulePath ??= heicConvertPath();
  return new Promise<Buffer>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, input: new Uint8Array(input) } });
    let settled = false;
    const finish = (error: Error | null, png?: Uint8Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(Buffer.from(png!.buffer, png!.byteOffset, png!.byteLength));
    };
    const timer = setTimeout(
      () => finish(new HeicConversionError(`HEIC conversion took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
    worker.once("message", (message: { ok: boolean; png?: Uint8Array; message?: string }) =>
      finish(message.ok ? null : new HeicConversionError(message.message), message.png),
    );
    worker.once("error", (error: Error) => finish(new HeicConversionError(error.message)));
    worker.once("exit", (code) => finish(new HeicConversionError(`HEIC worker exited with ${code}`)));
  });
}
