import { openAsBlob } from "node:fs";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { allowLargerBody, REQUEST_BODY_LIMIT, RequestTooLargeError } from "~/http/request-size.server";
import type { FileLimit } from "~/models/files/file-rules";
import { editorImageRules, imageMessages, type ImageRules } from "~/models/files/file-rules";
import { uploadRules, type DroppedFile, type UploadRule } from "~/models/files/upload-rules.server";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";
import { readBody } from "~/http/api.server";
import { parseNested } from "~/http/request-data.server";
import { uploadsRoot } from "~/services/storage.server";

/**
 * Uploads: a multipart body is streamed part by part, each file to a temporary file on disk as it
 * arrives (never whole in memory), within its rule's limits: one file's size told from its first
 * bytes, how many files, and the whole body. The route works on an ordinary FormData of strings and
 * Files whose bytes stay on disk (fs.openAsBlob); the temporary files are removed once its work is done.
 */

/** A form field (not a file) is text typed into a form: far below this. */
export const FIELD_MAX_BYTES = 256 * 1024;
const MAX_PARTS = 1000;
const HEAD_BYTES = 64 * 1024;

export const uploadFormMessages = {
  unreadable: "The upload could not be read: send it as multipart/form-data.",
  fieldTooLong: "A form field is too long.",
  tooManyParts: `A form may carry at most ${MAX_PARTS} fields.`,
} as const;

export const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** Where uploads wait while their request is handled: beside the stored files (disk, not a memory-backed /tmp). */
export const incomingUploadsDir = () => path.join(uploadsRoot(), ".incoming");

/**
 * Reads the request's form under the rule and runs `work` on it; the temporary files are removed
 * afterwards, whatever happened. A refusal (a file or the body too large, too many files, a
 * malformed body) goes to `refused` with its message. A form that is not multipart is read as usual
 * (within the server's small limit for every body).
 */
export async function withUploadForm<T>(
  request: Request,
  rule: UploadRule,
  refused: (message: string) => T | Promise<T>,
  work: (form: FormData, dropped: DroppedFile[]) => Promise<T>,
): Promise<T> {
  if (!isMultipart(request)) return work(await request.formData().catch(nonFormBody), []);
  // Room past the rule so that this reader, not the server's count, refuses with the spec's message.
  allowLargerBody(request, rule.maxBytes + REQUEST_BODY_LIMIT);
  if (Number(request.headers.get("Content-Length") ?? 0) > rule.maxBytes)
    return refused(await oversizeMessage(request, rule));
  const upload = new UploadReader(rule);
  try {
    let form: FormData;
    try {
      form = await upload.read(request);
    } catch (error) {
      if (error instanceof Refusal) return await refused(error.message);
      if (error instanceof RequestTooLargeError || !isMalformed(error)) throw error;
      return await refused(uploadFormMessages.unreadable);
    }
    return await work(form, upload.dropped);
  } finally {
    await upload.removeFiles();
  }
}

function nonFormBody(error: unknown): FormData {
  if (error instanceof RequestTooLargeError) throw error;
  return new FormData();
}

// What Remix's multipart parser throws on a body that is not one (a TypeError without a boundary).
const isMalformed = (error: unknown) =>
  error instanceof Error &&
  /could not parse content as formdata|malformed multipart|unexpected end of stream/i.test(error.message);

class Refusal extends Error {}

class UploadReader {
  readonly dropped: DroppedFile[] = [];
  private total = 0;
  private parts = 0;
  private files = 0;
  private inPart = false;
  private betweenParts = 0;
  private folder: string | undefined;
  private current: { name: string; head: Buffer; limit?: FileLimit } | undefined;

  constructor(private readonly rule: UploadRule) {}

  async read(request: Request): Promise<FormData> {
    if (!request.body) throw new TypeError("No body");
    const counted = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: async (chunk, controller) => {
          this.total += chunk.byteLength;
          // Between parts the parser keeps part headers in memory: a body that never gets to a part is refused.
          if (!this.inPart) this.betweenParts += chunk.byteLength;
          if (this.total > this.rule.maxBytes) controller.error(new Refusal(await this.sizeMessage()));
          else if (this.betweenParts > REQUEST_BODY_LIMIT) controller.error(new Refusal(uploadFormMessages.unreadable));
          else controller.enqueue(chunk);
        },
      }),
    );
    const body = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: counted,
      duplex: "half",
    } as RequestInit);
    return unstable_parseMultipartFormData(body, (part) => this.handle(part));
  }

  /** The message of a body too large: the limit of the file being read, else of the first file's kind. */
  private async sizeMessage(): Promise<string> {
    const current = this.current;
    if (current?.limit) return current.limit.message;
    return (await this.rule.fileLimit(current?.name ?? "", current?.head ?? Buffer.alloc(0))).message;
  }

  private async handle(part: UploadHandlerPart): Promise<File | string | undefined> {
    if (++this.parts > MAX_PARTS) throw new Refusal(uploadFormMessages.tooManyParts);
    this.inPart = true;
    this.betweenParts = 0;
    try {
      if (typeof part.filename !== "string") return await this.field(part.data);
      return await this.file(
        part.filename,
        part.contentType || "application/octet-stream",
        part.data[Symbol.asyncIterator](),
      );
    } finally {
      this.inPart = false;
    }
  }

  private async field(data: AsyncIterable<Uint8Array>): Promise<string> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > FIELD_MAX_BYTES) throw new Refusal(uploadFormMessages.fieldTooLong);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  private async file(name: string, type: string, data: AsyncIterator<Uint8Array>): Promise<File | undefined> {
    const current: { name: string; head: Buffer; limit?: FileLimit } = { name, head: Buffer.alloc(0) };
    this.current = current;
    // The first bytes tell what the file is, and so its limit.
    const headChunks: Uint8Array[] = [];
    let headSize = 0;
    let ended = false;
    while (headSize < HEAD_BYTES) {
      const next = await data.next();
      if (next.done) {
        ended = true;
        break;
      }
      headChunks.push(next.value);
      headSize += next.value.byteLength;
    }
    // A file input left empty posts an empty part: kept as the empty File browsers send.
    if (headSize === 0) return new File([], name, { type });
    if (++this.files > this.rule.maxFiles.count) throw new Refusal(this.rule.maxFiles.message);
    current.head = Buffer.concat(headChunks);
    const limit = (current.limit = await this.rule.fileLimit(name, current.head));
    const target = path.join(await this.tempFolder(), `${this.files}`);
    const handle = await open(target, "wx", 0o600);
    let size = 0;
    let oversize = false;
    try {
      for (let chunk: Uint8Array | undefined = current.head; chunk;) {
        size += chunk.byteLength;
        if (size > limit.bytes) {
          oversize = true;
          break;
        }
        await handle.write(chunk);
        if (ended) break;
        const next = await data.next();
        chunk = next.done ? undefined : next.value;
      }
    } finally {
      await handle.close();
    }
    // A real File (instanceof File, read by every parser as one) whose bytes are read from disk when asked.
    if (!oversize) return new File([await openAsBlob(target)], name, { type });
    if (this.rule.oversize === "refuse") throw new Refusal(limit.message);
    await rm(target, { force: true });
    // Read to the end of the part (still counted against the body), or the parser would keep it in memory.
    if (!ended) for (let next = await data.next(); !next.done; next = await data.next());
    this.dropped.push({ name, message: limit.message });
    return undefined;
  }

  private async tempFolder(): Promise<string> {
    if (!this.folder) {
      const root = incomingUploadsDir();
      await mkdir(root, { recursive: true });
      this.folder = await mkdtemp(path.join(root, "upload-"));
    }
    return this.folder;
  }

  async removeFiles() {
    if (this.folder) await rm(this.folder, { recursive: true, force: true });
  }
}

/**
 * The size message for a body too large to read at all: the first file's limit, told from the
 * start of the body (its bytes, else its name), so a huge PDF is not told about videos.
 */
async function oversizeMessage(request: Request, rule: UploadRule): Promise<string> {
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  try {
    while (reader && read < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      read += value.length;
    }
  } catch {
    // Whatever arrived tells the kind.
  }
  await reader?.cancel().catch(() => undefined);
  const head = Buffer.concat(chunks);
  const part = /filename="([^"]*)"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(head.toString("latin1"));
  const name = part?.[1] ?? "";
  return (await rule.fileLimit(name, part ? head.subarray(part.index + part[0].length) : Buffer.alloc(0))).message;
}

/**
 * The body of an API call that takes JSON or a multipart form with a file (PUT /api/company,
 * POST and PUT /api/employees): a multipart one is read under the rule (files on disk for the time of
 * `work`), then both go through the API's one parser.
 */
export async function withUploadBody<T>(
  request: Request,
  rule: UploadRule,
  refused: (message: string) => T | Promise<T>,
  work: (body: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  if (!isMultipart(request)) return work((await readBody(request)) as Record<string, unknown>);
  return withUploadForm(request, rule, refused, (form) => work(parseNested(form)));
}

/**
 * An image editor's upload (multipart, the first chosen file of `fields`): read within the image
 * limit, checked by content and stored as a 400x400 PNG (or by the target's own `rules`) in the
 * company's `folder`; answers with `stored(url)`, or `refused(message)` for a missing, oversize or
 * unreadable image.
 */
export function uploadEditorImage(
  request: Request,
  target: { companyId: number; folder: string; fields: readonly string[]; rules?: ImageRules },
  refused: (message: string) => Response,
  stored: (url: string) => Response,
): Promise<Response> {
  return withUploadForm(request, uploadRules.image, refused, async (form) => {
    const file = target.fields.map((name) => form.get(name)).find(isFileChosen);
    if (!file) return refused(imageMessages.failed);
    try {
      const image = await storeImageUpload({
        companyId: target.companyId,
        folder: target.folder,
        file,
        rules: target.rules ?? editorImageRules,
      });
      return stored(image.url);
    } catch (error) {
      if (error instanceof ImageUploadError) return refused(error.message);
      throw error;
    }
  });
}
