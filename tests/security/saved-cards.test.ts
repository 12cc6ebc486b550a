// The customer page's saved cards from the attacker's side, over HTTP against the built server with the
// demo data: another company's customer answers 404 to the section's forms (send the add-card link,
// remove a card) and nothing is sent; a field tech, whom the role table keeps off the customer page
// (customers.details: office staff and admins), cannot send a card link or remove a card.
import { beforeAll, describe, expect, test } from "vitest";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";
import { signUpOwner } from "./cross-company";

let tech: string;
let owner: string;
let demo: Record<string, number>;

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const send = { intent: "savedCards", cardAction: "send", channel: "3" };
const remove = { intent: "savedCards", cardAction: "remove", paymentMethodId: "pm_someone_else_1234" };

beforeAll(async () => {
  tech = await liveSessionCookie("field tech");
  demo = demoRecordIds("company admin");
  owner = await signUpOwner({ name: "Cards", phoneNumber: "+17045550191" });
});

describe("saved cards on the customer page", () => {
  test("another company's customer answers 404 to the page and both forms", async () => {
    const path = `/customers/${demo.customers}`;
    expect((await fetch(`${baseUrl()}${path}`, { headers: { Cookie: owner }, redirect: "manual" })).status).toBe(404);
    expect((await post(path, owner, send)).status).toBe(404);
    expect((await post(path, owner, remove)).status).toBe(404);
  });

  test("a field tech cannot send an add-card link or remove a card (role table: office staff and admins)", async () => {
    const path = `/customers/${demo.customers}`;
    const sent = await post(path, tech, send);
    expect(sent.status).toBe(403);
    expect(await sent.text()).toContain("You do not have permission to access.");
    expect((await post(path, tech, remove)).status).toBe(403);
  });
});
