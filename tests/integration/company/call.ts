import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Uploads of these tests go to a temporary folder, never into the project's data folder.
process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "company-uploads-"));

/** Calls a route function and gives back status and JSON, whether it returned or threw a Response. */
export async function call(run: () => Promise<Response> | Response) {
  let res: Response;
  try {
    res = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    res = thrown;
  }
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  // headers stay out of equality checks
  return Object.defineProperty({ status: res.status, body }, "headers", { value: res.headers, enumerable: false }) as {
    status: number;
    body: any;
    headers: Headers;
  };
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
