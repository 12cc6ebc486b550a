// The upload helper (services/uploads.server): multipart bodies streamed to disk under a rule, the
// spec's size messages told from a file's first bytes, and nothing left behind once the work is done.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PNG } from "../helpers/tiny-png";

process.env.UPLOADS_DIR ??= mkdtempSync(path.join(tmpdir(), "uploads-helper-"));

const { uploadRules } = await import("~/models/files/upload-rules.server");
const { FIELD_MAX_BYTES, incomingUploadsDir, uploadFormMessages, withUploadForm } =
  await import("~/http/uploads.server");
type UploadRule = import("~/models/files/upload-rules.server").UploadRule;

const MB = 1024 * 1024;
const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
const MP4 = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

/** A file of `size` bytes starting with `head` (the rest zeros). */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

function multipart(request: {
  fields?: Record<string, string>;
  files?: Array<{ name: string; filename: string; data: Buffer }>;
}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(request.fields ?? {})) form.append(key, value);
  for (const file of request.files ?? []) form.append(file.name, new File([new Uint8Array(file.data)], file.filename));
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

/** Every temporary upload file on disk right now. */
function incomingFiles(): Array<{ path: string; size: number }> {
  let folders: string[];
  try {
    folders = readdirSync(incomingUploadsDir());
  } catch {
    return [];
  }
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(incomingUploadsDir(), folder)).map((name) => path.join(incomingUploadsDir(), folder, name)),
    )
    .map((p) => ({ path: p, size: statSync(p).size }));
}

type Outcome =
  | { refused: string }
  | {
      fields: Record<string, string>;
      files: Array<{ name: string; size: number; isFile: boolean; onDisk: number[] }>;
      dropped: Array<{ name: string; message: string }>;
    };

/** Runs the helper and reports what the route's work saw (and what was on disk meanwhile), or the refusal. */
async function upload(request: Request, rule: UploadRule): Promise<Outcome> {
  return withUploadForm<Outcome>(
    request,
    rule,
    (message) => ({ refused: message }),
    async (form, dropped) => {
      const fields: Record<string, string> = {};
      const files: Array<{ name: string; size: number; isFile: boolean; onDisk: number[] }> = [];
      for (const [key, value] of form.entries()) {
        if (typeof value === "string") fields[key] = value;
        else
          files.push({
            name: value.name,
            size: value.size,
            isFile: value instanceof File,
            onDisk: incomingFiles().map((f) => f.size),
          });
      }
      return { fields, files, dropped };
    },
  );
}

describe("upload helper", () => {
  it("streams a file under its limit to a temporary file that the work reads as a File, and removes it afterwards", async () => {
    const data = sized(PNG, 3 * MB);
    let seen: { text: string; bytes: Buffer; onDisk: number[] } | undefined;
    const result = await withUploadForm(
      multipart({ fields: { jobId: "7" }, files: [{ name: "files", filename: "before.png", data }] }),
      uploadRules.jobAttachment,
      (message) => message,
      async (form) => {
        const file = form.get("files") as File;
        seen = {
          text: String(form.get("jobId")),
          bytes: Buffer.from(await file.arrayBuffer()),
          onDisk: incomingFiles().map((f) => f.size),
        };
        return "done";
      },
    );
    expect(result).toBe("done");
    expect(seen!.text).toBe("7");
    expect(seen!.bytes.equals(data)).toBe(true);
    // The file's bytes were on disk in the upload folder while the work ran...
    expect(seen!.onDisk).toEqual([data.length]);
    // ...and nothing is left once it is done.
    expect(incomingFiles()).toEqual([]);
  });

  it("writes the file to disk while it is still arriving, not once the whole body is in memory", async () => {
    const boundary = "----fieldwise-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = 256 * 1024;
    const total = 40 * MB;
    let sent = 0;
    let behindMost = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(Buffer.concat([head, MP4])));
        // How far the disk lags behind what was produced: a buffering reader would lag by everything.
        const written = incomingFiles().reduce((n, f) => n + f.size, 0);
        behindMost = Math.max(behindMost, sent - written);
        if (sent >= total) {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        sent += chunk;
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const result = await upload(request, uploadRules.jobAttachment);
    expect(result).toMatchObject({ files: [{ name: "long.mp4", size: total + MP4.length, isFile: true }] });
    expect(behindMost).toBeLessThan(4 * MB);
    expect(incomingFiles()).toEqual([]);
  });

  it("refuses a file over its limit with the spec's message of its kind, told from its first bytes, and keeps nothing", async () => {
    const send = (filename: string, data: Buffer) =>
      upload(
        multipart({ fields: { jobId: "1" }, files: [{ name: "files", filename, data }] }),
        uploadRules.jobAttachment,
      );
    expect(await send("photo.png", sized(PNG, 11 * MB))).toEqual({
      refused: "The image file size cannot exceed 10 MB.",
    });
    expect(await send("manual.pdf", sized(PDF, 11 * MB))).toEqual({ refused: "The file size cannot exceed 10 MB." });
    // A video may be larger: 11 MB passes, over 50 MB does not.
    expect(await send("visit.mp4", sized(MP4, 11 * MB))).toMatchObject({
      files: [{ name: "visit.mp4", size: 11 * MB }],
    });
    expect(await send("visit.mp4", sized(MP4, 50 * MB + 1))).toEqual({
      refused: "The video file size cannot exceed 50 MB.",
    });
    // The name does not make a PDF a video.
    expect(await send("renamed.mp4", sized(PDF, 11 * MB))).toEqual({ refused: "The file size cannot exceed 10 MB." });
    expect(
      await upload(
        multipart({ files: [{ name: "logo", filename: "logo.png", data: sized(PNG, 5242881) }] }),
        uploadRules.logo,
      ),
    ).toEqual({ refused: "The file size cannot exceed 5 MB." });
    expect(
      await upload(
        multipart({
          files: [{ name: "file", filename: "customers.csv", data: sized(Buffer.from("First Name\n"), 5 * MB + 1) }],
        }),
        uploadRules.customersCsv,
      ),
    ).toEqual({ refused: "The file size cannot exceed 5 MB." });
    expect(incomingFiles()).toEqual([]);
  });

  it("leaves an oversize attachment out with its message and keeps the others (customer attachments)", async () => {
    const result = await upload(
      multipart({
        fields: { customerId: "3" },
        files: [
          { name: "files", filename: "a.png", data: PNG },
          { name: "files", filename: "big.png", data: sized(PNG, 10 * MB + 1) },
          { name: "files", filename: "b.pdf", data: PDF },
        ],
      }),
      uploadRules.customerAttachments,
    );
    expect(result).toMatchObject({
      fields: { customerId: "3" },
      files: [
        { name: "a.png", size: PNG.length },
        { name: "b.pdf", size: PDF.length },
      ],
      dropped: [{ name: "big.png", message: "The image file size cannot exceed 10 MB." }],
    });
    expect(incomingFiles()).toEqual([]);
  });

  it("refuses a declared length over the rule before reading the body, with the first file's message", async () => {
    const form = await multipart({
      fields: { jobId: "1" },
      files: [{ name: "files", filename: "photo.png", data: PNG }],
    });
    const bytes = Buffer.from(await form.arrayBuffer());
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only its start may be read.
        const next = pulled === 0 ? bytes.subarray(0, bytes.length - 40) : Buffer.alloc(64 * 1024);
        pulled += next.length;
        controller.enqueue(new Uint8Array(next));
      },
    });
    const headers = new Headers(form.headers);
    headers.set("Content-Length", String(60 * MB));
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    expect(await upload(request, uploadRules.jobAttachment)).toEqual({
      refused: "The image file size cannot exceed 10 MB.",
    });
    expect(pulled).toBeLessThan(200 * 1024);
  });

  it("limits form fields, the number of files and malformed bodies", async () => {
    expect(await upload(multipart({ fields: { notes: "x".repeat(FIELD_MAX_BYTES + 1) } }), uploadRules.image)).toEqual({
      refused: uploadFormMessages.fieldTooLong,
    });
    expect(await upload(multipart({ fields: { notes: "x".repeat(1000) } }), uploadRules.image)).toMatchObject({
      fields: { notes: "x".repeat(1000) },
    });
    const two = multipart({
      files: [
        { name: "files", filename: "a.png", data: PNG },
        { name: "files", filename: "b.png", data: PNG },
      ],
    });
    expect(await upload(two, uploadRules.jobAttachment)).toEqual({ refused: "Upload one file per call." });
    const broken = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      body: "--abc\r\nno headers here",
    });
    expect(await upload(broken, uploadRules.image)).toEqual({ refused: uploadFormMessages.unreadable });
    expect(incomingFiles()).toEqual([]);
  });

  it("reads a form that is not multipart as usual, and keeps an empty file input as the empty File browsers send", async () => {
    const plain = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=delete&name=a",
    });
    expect(await upload(plain, uploadRules.image)).toMatchObject({
      fields: { intent: "delete", name: "a" },
      files: [],
    });
    // What a browser posts for a file input left empty (undici's FormData would leave the filename out).
    const boundary = "----browser";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const empty = await upload(
      new Request("http://localhost/upload", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body,
      }),
      uploadRules.logo,
    );
    expect(empty).toEqual({
      fields: { intent: "save" },
      files: [{ name: "", size: 0, isFile: true, onDisk: [] }],
      dropped: [],
    });
  });
});
