// The public booking form from the attacker's side, over HTTP against the built server: unknown forms
// and companies are 404, another company's questions, services and photos are refused, prototype keys
// in the answers supply nothing, photos are checked by size and content, and submissions are rate limited.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { QuestionType } from "~/models/booking/booking.schema";
import { solidImage } from "../helpers/solid-image";
import { createBookingForm, offeredDays, offeredStarts, type BookingFormSetup } from "../e2e/booking-form-setup";
import { baseUrl, startServer, type OwnServer } from "./harness";

let mine: BookingFormSetup;
let theirs: BookingFormSetup;
let theirQuestion: number;
let starts: string[];

const send = (origin: string, companyId: number, body: unknown) =>
  fetch(`${origin}/api/booking-requests/public/${companyId}/send`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

let n = 0;
const submission = (start: string, more: Record<string, unknown> = {}) => ({
  submissionKey: `sec-${Date.now()}-${++n}`.padEnd(20, "z"),
  startTime: start,
  firstName: "Mallory",
  email: "mallory@example.com",
  location: "1 Side St",
  ...more,
});

const upload = (query: string, file: Blob, name: string) => {
  const form = new FormData();
  form.set("file", file, name);
  return fetch(`${baseUrl()}/api/booking-requests/upload-question-image${query}`, { method: "POST", body: form });
};

beforeAll(async () => {
  mine = await createBookingForm(baseUrl(), { name: "Mine" });
  theirs = await createBookingForm(baseUrl(), {
    name: "Theirs",
    questions: [{ type: QuestionType.UploadImage, label: "Photo" }],
  });
  const page = await (await fetch(`${baseUrl()}/online-booking/${theirs.formUrl}`)).text();
  theirQuestion = Number(/name="photo\.(\d+)"/.exec(page)![1]);
  // The first day alone may have too few windows left late in the day: take the first three days.
  starts = [];
  for (const day of (await offeredDays(baseUrl(), mine.formUrl)).slice(0, 3))
    starts.push(...(await offeredStarts(baseUrl(), mine.formUrl, day)));
});

describe("online booking from the attacker's side", () => {
  test("an unknown form or company is 404", async () => {
    expect((await fetch(`${baseUrl()}/online-booking/no-such-form-anywhere`)).status).toBe(404);
    const res = await send(baseUrl(), 999_999_999, submission(starts[0]!));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ exceptionType: "not_found" });
    const photo = new Blob([new Uint8Array(await solidImage(20, 20))], { type: "image/png" });
    expect((await upload("?companyId=999999999", photo, "a.png")).status).toBe(404);
  });

  test("another company's question, service and photo are refused, and nothing is stored", async () => {
    const png = new Blob([new Uint8Array(await solidImage(40, 30))], { type: "image/png" });
    const uploaded = await upload(`?companyId=${theirs.companyId}`, png, "unit.png");
    expect(uploaded.status).toBe(201);
    const { imageUrl } = ((await uploaded.json()) as { data: { imageUrl: string } }).data;
    expect(imageUrl).toMatch(new RegExp(`^/files/${theirs.companyId}/booking-photos/`));
    // The photo is the company's staff's only: not public by its address.
    expect((await fetch(`${baseUrl()}${imageUrl}`)).status).toBe(404);

    const res = await send(
      baseUrl(),
      mine.companyId,
      submission(starts[1]!, { serviceId: 1, answers: { [theirQuestion]: [imageUrl] } }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: {
        serviceId: "Choose a service from the list",
        [`answers.${theirQuestion}`]: "This question is not on the form",
      },
    });
    // Their own form takes their photo; a made-up address in their folder is refused.
    const forged = imageUrl.replace(/\/[^/]+\.png$/, "/AAAAAAAAAAAAAAAAAAAAAAAA.png");
    const own = await send(baseUrl(), theirs.companyId, {
      ...submission((await offeredStarts(baseUrl(), theirs.formUrl))[0]!),
      answers: { [theirQuestion]: [forged] },
    });
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({ errors: { [`answers.${theirQuestion}`]: "Upload the photo again" } });
  });

  test("prototype keys in the answers supply nothing", async () => {
    const key = `proto-${Date.now()}`.padEnd(20, "p");
    const body = `{"submissionKey":"${key}","startTime":"${starts[2]}","firstName":"Proto","email":"p@example.com","location":"2 Side St","answers":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"x":"1"}}}}`;
    const res = await send(baseUrl(), mine.companyId, body);
    expect(res.status).toBe(201);
    const stored = ((await res.json()) as { data: { answers: unknown[]; firstName: string } }).data;
    expect(stored).toMatchObject({ firstName: "Proto", answers: [] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same key again: the stored request, 200.
    const again = await send(baseUrl(), mine.companyId, body);
    expect(again.status).toBe(200);
  });

  test("an oversized or wrong-type photo is refused with the spec's messages", async () => {
    const big = new Blob([new Uint8Array(11 * 1024 * 1024)], { type: "image/jpeg" });
    const tooLarge = await upload(`?companyId=${mine.companyId}`, big, "big.jpg");
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ errors: { file: "The image file size cannot exceed 10 MB." } });
    const text = new Blob(["<svg xmlns='http://www.w3.org/2000/svg'></svg>"], { type: "image/png" });
    const wrong = await upload(`?companyId=${mine.companyId}`, text, "fake.png");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      errors: { file: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif." },
    });
  });
});

describe("the rate limit (a server of its own: every request from one address)", () => {
  let server: OwnServer;
  afterAll(async () => {
    await server?.stop();
  });

  test("the 21st submission from one address within the hour is 429", async () => {
    server = await startServer();
    const form = await createBookingForm(server.baseUrl, { name: "Limited" });
    // The first day alone may have too few windows left late in the day: take the first three days.
    const times: string[] = [];
    for (const day of (await offeredDays(server.baseUrl, form.formUrl)).slice(0, 3))
      times.push(...(await offeredStarts(server.baseUrl, form.formUrl, day)));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await send(server.baseUrl, form.companyId, submission(times[2 * i]!))).status);
    // Every other start: the company's one employee cannot take two overlapping hours.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    const refused = await send(server.baseUrl, form.companyId, submission(times[42]!));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts\. Please try again in/);
  }, 120_000);
});
