// Estimate sending from the attacker's side, over HTTP against the built server with the demo data:
// another company's estimate answers 404 on send, resend and PDF and nothing is sent; a field tech
// sends and downloads only the estimates they can see (as GET /api/estimates/{id}); an address with
// a line break (header injection) is refused before anything is written.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { demoRecordIds, liveSessionCookie } from "./harness";

let admin: string;
let tech: string;
let owner: string;
let theirs: number;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "EstimateSending", phoneNumber: "+17045550179" });
  const created = await call("/api/estimates", {
    cookie: admin,
    method: "POST",
    body: {
      customerId: demoRecordIds("company admin").customers,
      options: [{ name: "Only", lineItems: [{ name: "Visit", unitPrice: 50 }] }],
    },
  });
  expect(created.status).toBe(201);
  theirs = (await dataOf<{ id: number }>(created)).id;
});

const status = async (cookie: string, id: number) =>
  await dataOf<{ status: number; sentAt: string | null }>(await call(`/api/estimates/${id}`, { cookie }));

describe("estimate sending across companies and roles", () => {
  test("another company's estimate is 404 on send, resend and PDF, and stays unsent", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["POST", `/api/estimates/${theirs}/send`, { notificationType: 2, notificationEmail: "eve@example.com" }],
      ["POST", `/api/estimates/${theirs}/resend`, { notificationEmail: "eve@example.com" }],
      ["GET", `/api/estimates/${theirs}/pdf`],
    ];
    for (const [method, path, body] of calls)
      expect((await call(path, { cookie: owner, method, body })).status, `${method} ${path}`).toBe(404);
    expect(await status(admin, theirs)).toMatchObject({ status: 7, sentAt: null });
  });

  test("a field tech reaches send and PDF only for the estimates they can see", async () => {
    expect((await call(`/api/estimates/${theirs}/pdf`, { cookie: tech })).status).toBe(404);
    const send = await call(`/api/estimates/${theirs}/send`, {
      cookie: tech,
      method: "POST",
      body: { notificationType: 2, notificationEmail: "tech@example.com" },
    });
    expect(send.status).toBe(404);
    const created = await call("/api/estimates", {
      cookie: tech,
      method: "POST",
      body: { customerId: demoRecordIds("company admin").customers, lineItems: [{ name: "Looked", unitPrice: 0 }] },
    });
    expect(created.status).toBe(201);
    const { id } = await dataOf<{ id: number }>(created);
    const pdf = await call(`/api/estimates/${id}/pdf`, { cookie: tech });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const mine = await call(`/api/estimates/${id}/send`, {
      cookie: tech,
      method: "POST",
      body: { notificationType: 2, notificationEmail: "customer@example.com" },
    });
    expect(mine.status).toBe(200);
    expect(await status(tech, id)).toMatchObject({ status: 4 });
  });

  test("an address with a line break or a bad phone is refused (400) and nothing changes", async () => {
    for (const body of [
      { notificationType: 2, notificationEmail: "a@example.com\r\nBcc: evil@example.com" },
      { notificationType: 2, notificationEmail: "a@example.com\nSubject: hi" },
      // A phone is kept only as its E.164 digits; one that is no number is refused.
      { notificationType: 1, notificationPhone: "12; drop" },
      { notificationType: 9, notificationEmail: "a@example.com" },
    ]) {
      const response = await call(`/api/estimates/${theirs}/send`, { cookie: admin, method: "POST", body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const resend = await call(`/api/estimates/${theirs}/resend`, {
      cookie: admin,
      method: "POST",
      body: { notificationEmail: "a@example.com\r\nBcc: evil@example.com" },
    });
    expect(resend.status).toBe(400);
    expect(await status(admin, theirs)).toMatchObject({ status: 7, sentAt: null });
  });
});
