// Item 4 of the security issue (request size) and, from item 12, the job attachments' count limit, from
// the attacker's side over raw HTTP against the built server: bodies past the limit are refused with 413
// (a declared length before it is read, a chunked one while it streams, and the connection is closed),
// uploads get the spec's limits and messages and stream to disk (the server's memory does not grow by
// the upload's size), and a job takes no more attachments than a customer.
import { connect, type Socket } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { baseUrl, demoLogin, liveSessionCookie, startServer, type OwnServer } from "./harness";
import { PNG } from "../helpers/tiny-png";

const MB = 1024 * 1024;
const MP4 = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

type RawAnswer = {
  status: number;
  head: string;
  body: string;
  bodySent: number;
  finishedSending: boolean;
  closedByServer: boolean;
};

/**
 * Sends a request over a plain socket: `head` (request line and headers), then the body pieces from
 * `body()` as long as the server reads them, and stops sending when the answer arrives (a polite
 * client) or only when the server closes the connection (`ignoreAnswer`: a hostile one). Resolves
 * with the answer once the server has closed the connection (or after `waitForClose` ms without it).
 */
function rawRequest(
  server: string,
  head: string,
  body: () => Iterable<Buffer> = () => [],
  { waitForClose = 10_000, ignoreAnswer = false } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(server);
  return new Promise((resolve, reject) => {
    // Half-open allowed: the server's end of sending (after its answer) does not end ours.
    const socket: Socket = connect({
      host: hostname === "localhost" ? "127.0.0.1" : hostname,
      port: Number(port),
      allowHalfOpen: true,
    });
    let received = Buffer.alloc(0);
    let answered = false;
    let closed = false;
    let bodySent = 0;
    let finishedSending = false;
    let wake: (() => void) | undefined;
    const done = (closedByServer: boolean, why = "timeout") => {
      if (closed) return;
      closed = true;
      wake?.();
      const text = received.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no answer (${why} after sending ${bodySent} bytes)`));
      const head = text.slice(0, split);
      resolve({
        status: Number(text.slice(9, 12)),
        head,
        body: /transfer-encoding: chunked/i.test(head) ? unchunk(text.slice(split + 4)) : text.slice(split + 4),
        bodySent,
        finishedSending,
        closedByServer,
      });
      socket.destroy();
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!answered && received.includes("\r\n\r\n")) {
        answered = true;
        wake?.();
        setTimeout(() => done(false), waitForClose);
      }
    });
    // The server may close while we are still writing (EPIPE, ECONNRESET): what it answered is what counts.
    socket.on("error", (error: NodeJS.ErrnoException) => done(true, error.code));
    socket.on("close", () => done(true, "close"));
    // The server is done sending; a hostile client goes on writing until the server closes the connection.
    socket.on("end", () => ignoreAnswer || done(true, "end"));
    socket.once("connect", async () => {
      socket.write(head);
      for (const piece of body()) {
        if ((answered && !ignoreAnswer) || closed) return;
        bodySent += piece.length;
        if (!socket.write(piece)) await new Promise<void>((r) => ((wake = r), socket.once("drain", r)));
      }
      finishedSending = !answered && !closed;
    });
  });
}

/** The body of a chunked answer. */
function unchunk(text: string): string {
  let out = "";
  for (let at = 0; at < text.length;) {
    const lineEnd = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) break;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return out;
}

const requestHead = (method: string, path: string, server: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: ${new URL(server).host}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

/** `total` bytes in 64 KB pieces, each made only when it is about to be sent. */
function* pieces(total: number, fill = 0x61): Iterable<Buffer> {
  for (let sent = 0; sent < total; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, total - sent), fill);
}

/** Chunked transfer encoding of the pieces, without the closing chunk unless `end`. */
function* chunked(source: Iterable<Buffer>, end = false): Iterable<Buffer> {
  for (const piece of source)
    yield Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
  if (end) yield Buffer.from("0\r\n\r\n");
}

/** A JSON sign-in body of about `size` bytes. */
const bigSignIn = (size: number) =>
  Buffer.from(JSON.stringify({ email: "admin@fieldwise.demo", password: "x".repeat(size) }));

describe("request size (shared server)", () => {
  test("a 2 MB JSON body to a public API is refused with 413 before it is sent, and the connection closed", async () => {
    const body = bigSignIn(2 * MB);
    // Only the headers go out: the server must answer from the declared length alone.
    const answer = await rawRequest(
      baseUrl(),
      requestHead("POST", "/api/account/sign-in", baseUrl(), {
        "Content-Type": "application/json",
        "Content-Length": body.length,
      }),
      () => [],
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request is too large." });
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(answer.closedByServer).toBe(true);
  });

  test("the same body sent chunked (no length) is cut off with 413 while it streams, and the connection closed", async () => {
    const json = bigSignIn(2 * MB);
    const head = requestHead("POST", "/api/account/sign-in", baseUrl(), {
      "Content-Type": "application/json",
      "Transfer-Encoding": "chunked",
    });
    // A JSON start, then far more than any limit, never ending: only a server that stops reading can answer.
    const endless = (total: number) => () =>
      chunked([json.subarray(0, json.length - 2), ...pieces(total - json.length)]);
    const polite = await rawRequest(baseUrl(), head, endless(64 * MB));
    expect(polite.status).toBe(413);
    expect(JSON.parse(polite.body)).toEqual({ message: "The request is too large." });
    expect(polite.finishedSending).toBe(false);
    expect(polite.closedByServer).toBe(true);
    // A client that goes on sending after the answer is cut off too: the server drops what follows for a
    // moment (so the answer is not lost in a reset), then closes, far from the gigabyte on its way.
    const hostile = await rawRequest(baseUrl(), head, endless(1024 * MB), { ignoreAnswer: true });
    expect(hostile.status).toBe(413);
    expect(hostile.closedByServer).toBe(true);
    expect(hostile.finishedSending).toBe(false);
    expect(hostile.bodySent).toBeLessThan(256 * MB);
  });

  test("a 2 MB form post to a screen action answers 413, signed out and signed in", async () => {
    const form = Buffer.from(`email=admin%40fieldwise.demo&password=${"x".repeat(2 * MB)}`);
    const login = await rawRequest(
      baseUrl(),
      requestHead("POST", "/login", baseUrl(), {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": form.length,
      }),
      () => [form],
    );
    expect(login.status).toBe(413);
    const cookie = await liveSessionCookie("company admin");
    const chunkedForm = () => chunked([Buffer.from("intent=save&firstName=Big&notes="), ...pieces(2 * MB)], true);
    const signedIn = await rawRequest(
      baseUrl(),
      requestHead("POST", "/customers/new", baseUrl(), {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
      }),
      chunkedForm,
    );
    expect(signedIn.status).toBe(413);
  });

  test("a small body still reaches its route", async () => {
    const body = Buffer.from(JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }));
    const answer = await rawRequest(
      baseUrl(),
      requestHead("POST", "/api/account/sign-in", baseUrl(), {
        "Content-Type": "application/json",
        "Content-Length": body.length,
        Connection: "close",
      }),
      () => [body],
    );
    expect([400, 429]).toContain(answer.status);
  });
});

describe("uploads (own server: its memory is measured and its data changed)", () => {
  let server: OwnServer;
  let cookie: string;
  let customerId: number;

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { Cookie: cookie, ...(init.headers as Record<string, string>) },
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  /** The server process's resident memory and its peak so far, in bytes (Linux). */
  const memory = () => {
    const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  };
  /** A multipart upload sent as it is made, chunked, so the client holds no more than a piece of it either. */
  const streamedUpload = (
    path: string,
    fields: Record<string, string>,
    file: { name: string; filename: string; head: Buffer; size: number },
  ) => {
    const boundary = "----security-suite";
    const before = Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const after = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = () => chunked([before, file.head, ...pieces(file.size - file.head.length, 0), after], true);
    return rawRequest(
      server.baseUrl,
      requestHead("POST", path, server.baseUrl, {
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Transfer-Encoding": "chunked",
        Connection: "close",
      }),
      body,
      { waitForClose: 2_000 },
    );
  };

  beforeAll(async () => {
    const login = demoLogin("company admin");
    server = await startServer({ env: { SEED_DEMO: "true", DEMO_PASSWORD: login.password } });
    const signIn = await fetch(`${server.baseUrl}/api/account/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(login),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    const created = await api("/api/customers/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Uploads" }),
    });
    expect(created.status).toBe(201);
    customerId = created.body.customerId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("an image over 10 MB is refused with the spec's message, and a valid upload still works", async () => {
    const form = new FormData();
    form.set("customerId", String(customerId));
    form.append("files", new File([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(11 * MB)]))], "huge.png"));
    const refused = await api("/api/customers/attachment", { method: "POST", body: form });
    expect(refused).toEqual({
      status: 400,
      body: {
        message: "The image file size cannot exceed 10 MB.",
        errors: { files: "The image file size cannot exceed 10 MB." },
      },
    });
    // Refused by its declared length alone: the first bytes tell an image.
    const declared = await rawRequest(
      server.baseUrl,
      requestHead("POST", "/api/customers/attachment", server.baseUrl, {
        Cookie: cookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": 2000 * MB,
      }),
      () => [
        Buffer.from(`--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n`),
        PNG,
        ...pieces(8 * MB, 0),
      ],
    );
    expect(declared.status).toBe(400);
    expect(JSON.parse(declared.body)).toMatchObject({ message: "The image file size cannot exceed 10 MB." });
    expect(declared.finishedSending).toBe(false);

    const ok = new FormData();
    ok.set("customerId", String(customerId));
    ok.append("files", new File([new Uint8Array(PNG)], "small.png"));
    const stored = await api("/api/customers/attachment", { method: "POST", body: ok });
    expect(stored.status).toBe(200);
    expect(stored.body.attachments).toMatchObject([{ fileName: "small.png", contentType: "image/png" }]);
    const file = await fetch(`${server.baseUrl}${stored.body.attachments[0].fileUrl}`, { headers: { Cookie: cookie } });
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test("a 45 MB video streams to disk: the server's memory does not grow by its size", async () => {
    const job = await api("/api/jobs", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ customerId }),
    });
    expect(job.status).toBe(201);
    const jobId = String(job.body.data.id);
    // Warm-up: the code paths of an upload are loaded and compiled before measuring.
    expect(
      (
        await streamedUpload(
          "/api/jobs/attachment",
          { jobId },
          { name: "files", filename: "warm.mp4", head: MP4, size: 2 * MB },
        )
      ).status,
    ).toBe(201);
    // The peak is reset (Linux clear_refs 5): what follows shows in it, not the start-up's peak.
    writeFileSync(`/proc/${server.process.pid}/clear_refs`, "5");
    const before = memory();
    const answer = await streamedUpload(
      "/api/jobs/attachment",
      { jobId },
      { name: "files", filename: "visit.mp4", head: MP4, size: 45 * MB },
    );
    const after = memory();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data).toMatchObject({
      fileName: "visit.mp4",
      contentType: "video/mp4",
      sizeBytes: 45 * MB,
    });
    // Reading the body into memory would raise the peak by at least the 45 MB (formData holds it twice).
    expect(after.peak - before.rss).toBeLessThan(24 * MB);
  });

  test("a job takes no more attachments than a customer: past 20 the spec's message", async () => {
    const job = await api("/api/jobs", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ customerId }),
    });
    const jobId = String(job.body.data.id);
    const send = (name: string) => {
      const form = new FormData();
      form.set("jobId", jobId);
      form.set("files", new File([new Uint8Array(PNG)], name));
      return api("/api/jobs/attachment", { method: "POST", body: form });
    };
    for (let i = 1; i <= 20; i++) expect((await send(`photo-${i}.png`)).status).toBe(201);
    expect(await send("photo-21.png")).toEqual({
      status: 400,
      body: { message: "Attachment upload limit exceeded.", errors: { files: "Attachment upload limit exceeded." } },
    });
    const details = await api(`/api/jobs/${jobId}`);
    expect(details.body.data.attachments).toHaveLength(20);
  });
});
