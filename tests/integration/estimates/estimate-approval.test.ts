// The customer's answer to a sent estimate: the public page's forms (JavaScript off) and
// POST /api/client/{token}/sign. Approve once (a double click or two tabs), decline with a reason,
// a not-sent estimate refused, the totals with the approved optional lines, follow-ups cancelled,
// the office's toast.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import {
  customers,
  estimateLineItems,
  estimateOptions,
  estimates,
  estimateTimelineEvents,
  scheduledMessages,
} from "~/db/schema";
import { saveEstimateFollowUpSettings } from "~/models/estimates/estimate-follow-ups.server";
import { estimateSendSchema, sendEstimate } from "~/models/estimates/estimate-send.server";
import { EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import { getEstimate } from "~/models/estimates/estimates.server";
import { ActorType } from "~/models/jobs/jobs.schema";
import { action as pageAction, loader as pageLoader } from "~/routes/_public+/estimate-details.$token";
import { action as signAction } from "~/routes/api+/client+/$id.sign";
import { notifyCompany, RealtimeEvent } from "~/services/realtime/index.server";
import { makeRequest, runRoute } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { approvalFixture, pageForm, sentEstimate, type SentEstimate } from "./approval-fixture";
import { jobsFixture } from "../jobs/fixtures";

vi.mock("~/services/realtime/index.server", async (original) => ({
  ...(await original<typeof import("~/services/realtime/index.server")>()),
  notifyCompany: vi.fn(),
}));

useTestDatabase();
beforeEach(() => vi.mocked(notifyCompany).mockClear());

const post = (e: SentEstimate, fields: Record<string, string | string[]>) =>
  runRoute(
    pageAction as never,
    makeRequest(`/estimate-details/${e.token}`, { method: "POST", body: pageForm(fields) }),
    { token: e.token },
  );
const page = async (e: SentEstimate) => {
  const res = await runRoute(pageLoader as never, makeRequest(`/estimate-details/${e.token}`), { token: e.token });
  return { status: res.status, view: ((await res.json()) as { view: Record<string, any> }).view };
};
const sign = async (token: string, json: unknown) => {
  const res = await runRoute(signAction as never, makeRequest(`/api/client/${token}/sign`, { method: "POST", json }), {
    id: token,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const row = async (id: number) => (await db.select().from(estimates).where(eq(estimates.id, id)))[0];
const optionalLines = (id: number) =>
  db
    .select({ name: estimateLineItems.name, isApproved: estimateLineItems.isApproved })
    .from(estimateLineItems)
    .where(and(eq(estimateLineItems.estimateId, id), eq(estimateLineItems.isOptional, true)))
    .orderBy(asc(estimateLineItems.position));

describe("the estimate approval page", () => {
  it("shows the options with the recommended item ticked, and recomputes the total without JavaScript", async () => {
    const { e } = await approvalFixture();
    const { status, view } = await page(e);
    expect(status).toBe(200);
    expect(view).toMatchObject({
      number: e.number,
      customerName: "Grace Hopper",
      canAnswer: true,
      selectedId: e.repairId,
    });
    expect(view.address).toBe("1 Main St, Springfield");
    const repair = view.options[0];
    expect(repair.lines.map((l: any) => [l.name, l.isOptional, l.isRecommended, l.ticked])).toEqual([
      ["Roof repair", false, false, false],
      ["Gutter guard", true, true, true],
      ["Skylight cleaning", true, false, false],
    ]);
    // $500 + the recommended $120, less $50, 8.25% tax on $570: $617.03.
    expect([repair.subtotal, repair.discount, repair.tax, repair.total]).toEqual([
      "$620.00",
      "$50.00",
      "$47.03",
      "$617.03",
    ]);
    expect(view.options[1].total).toBe("$9,688.38");

    const res = await post(e, {
      intent: "recompute",
      optionId: String(e.repairId),
      approvedLineItemIds: [String(e.gutterId), String(e.skylightId), String(e.newRoofId)],
    });
    expect(res.status).toBe(200);
    const recomputed = ((await res.json()) as any).view;
    expect(recomputed.options[0].total).toBe("$698.00");
    expect(recomputed.options[0].lines.filter((l: any) => l.ticked).map((l: any) => l.name)).toEqual([
      "Gutter guard",
      "Skylight cleaning",
    ]);
    expect((await row(e.id)).status).toBe(EstimateStatus.Sent);
  });

  it("approves: chosen option, approved optional lines, total, signature name, timeline by the customer, a toast", async () => {
    const { f, e } = await approvalFixture();
    const res = await post(e, {
      intent: "approve",
      optionId: String(e.repairId),
      // The second option's line ticked on the page is not part of the chosen option: dropped.
      approvedLineItemIds: [String(e.gutterId), String(e.skylightId), String(e.newRoofId)],
      name: "Grace Hopper",
      signature: "",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/estimate-details/${e.token}`);
    const stored = await row(e.id);
    expect(stored).toMatchObject({
      status: EstimateStatus.Approved,
      approval: 1,
      chosenOptionId: e.repairId,
      totalCents: 69800,
      signatureName: "Grace Hopper",
      signatureImageUrl: null,
      declineReason: null,
    });
    expect(stored.answeredAt).toBeInstanceOf(Date);
    expect(await optionalLines(e.id)).toEqual([
      { name: "Gutter guard", isApproved: true },
      { name: "Skylight cleaning", isApproved: true },
    ]);
    const [option] = await db.select().from(estimateOptions).where(eq(estimateOptions.id, e.repairId));
    expect([option.subtotalCents, option.taxCents, option.totalCents]).toEqual([70050, 4750, 69800]);
    // The office page reads the same numbers.
    const office = (await getEstimate(f.admin, e.id))!;
    expect(office.totalCents).toBe(69800);
    const events = await db.select().from(estimateTimelineEvents).where(eq(estimateTimelineEvents.estimateId, e.id));
    const approved = events.find((ev) => ev.type === EstimateEvent.Approved)!;
    expect(approved).toMatchObject({
      actorType: ActorType.MainParticipant,
      actorUserId: null,
      fromStatus: 4,
      toStatus: 5,
    });
    expect(notifyCompany).toHaveBeenCalledWith(
      f.companyId,
      RealtimeEvent.TextNotification,
      `Estimate #${e.number} was approved by Grace Hopper`,
    );

    const { view } = await page(e);
    expect(view).toMatchObject({ approval: 1, canAnswer: false, signatureName: "Grace Hopper" });
    expect(view.options).toHaveLength(1);
    expect(view.options[0]).toMatchObject({ name: "Repair", total: "$698.00" });
  });

  it("declines with a reason; the page then shows the answer", async () => {
    const { f, e } = await approvalFixture();
    const res = await post(e, { intent: "decline", reason: "  Too expensive for now  " });
    expect(res.status).toBe(302);
    expect(await row(e.id)).toMatchObject({
      status: EstimateStatus.Declined,
      approval: 2,
      declineReason: "Too expensive for now",
      chosenOptionId: null,
    });
    expect(notifyCompany).toHaveBeenCalledWith(
      f.companyId,
      RealtimeEvent.TextNotification,
      `Estimate #${e.number} was declined by Grace Hopper`,
    );
    const { view } = await page(e);
    expect(view).toMatchObject({ approval: 2, declineReason: "Too expensive for now", canAnswer: false });
  });

  it("asks for a name, with the field's message and the choice kept", async () => {
    const { e } = await approvalFixture();
    const res = await post(e, { intent: "approve", optionId: String(e.replaceId), name: "  " });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.errors).toEqual({ name: "Type your name to approve" });
    expect(body.view.selectedId).toBe(e.replaceId);
    expect((await row(e.id)).approval).toBe(0);
  });

  it("approves once: a double click and a second tab leave one answer", async () => {
    const { e } = await approvalFixture();
    const approve = (name: string) =>
      post(e, { intent: "approve", optionId: String(e.replaceId), name, approvedLineItemIds: [] });
    const answers = await Promise.all([
      approve("Grace Hopper"),
      approve("Grace H."),
      sign(e.token, { optionId: e.replaceId, approvedLineItemIds: [], name: "API" }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s === 302 || s === 200)).toHaveLength(1);
    const events = await db
      .select()
      .from(estimateTimelineEvents)
      .where(and(eq(estimateTimelineEvents.estimateId, e.id), eq(estimateTimelineEvents.type, EstimateEvent.Approved)));
    expect(events).toHaveLength(1);
    expect(notifyCompany).toHaveBeenCalledTimes(1);
    const again = await post(e, { intent: "decline", reason: "changed my mind" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as any).errors).toEqual({ _global: "This estimate was already answered." });
    expect(await row(e.id)).toMatchObject({ status: EstimateStatus.Approved, totalCents: 968838 });
  });

  it("refuses an estimate that was not sent, and says so on the page", async () => {
    const f = await jobsFixture();
    const e = await sentEstimate(f, EstimateStatus.Finished);
    const { view } = await page(e);
    expect(view).toMatchObject({ canAnswer: false, approval: 0, statusLabel: "Finished" });
    const res = await post(e, { intent: "approve", optionId: String(e.repairId), name: "Grace" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).errors._global).toBe(
      "This estimate is not open for approval yet. Please contact the company.",
    );
    const api = await sign(e.token, { optionId: e.repairId, approvedLineItemIds: [], name: "Grace" });
    expect(api).toEqual({
      status: 400,
      body: { message: "This estimate is not open for approval yet. Please contact the company." },
    });
    expect(await row(e.id)).toMatchObject({ status: EstimateStatus.Finished, approval: 0, answeredAt: null });
  });

  it("cancels the pending follow-ups of a sent estimate when it is answered", async () => {
    const f = await jobsFixture();
    await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: 2, estimateReminderHours: 24 });
    const e = await sentEstimate(f, EstimateStatus.Finished);
    await sendEstimate(
      f.admin,
      e.id,
      estimateSendSchema.parse({ notificationType: "2", requestToken: "approval-send-1" }),
    );
    const followUps = () =>
      db
        .select({ status: scheduledMessages.status })
        .from(scheduledMessages)
        .where(eq(scheduledMessages.companyId, f.companyId));
    expect((await followUps()).filter((r) => r.status === "pending").length).toBeGreaterThan(0);
    const res = await post(e, { intent: "decline", reason: "" });
    expect(res.status).toBe(302);
    const rows = await followUps();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "cancelled")).toBe(true);
  });
});

describe("POST /api/client/{token}/sign", () => {
  it("approves with the chosen option and optional lines and answers the public view", async () => {
    const { e } = await approvalFixture();
    const { status, body } = await sign(e.token, {
      optionId: e.repairId,
      approvedLineItemIds: [e.skylightId],
      name: "Grace Hopper",
    });
    expect(status).toBe(200);
    // $500 + $80.50 less $50; tax 8.25% on $500 less its share of the discount ($456.93): $37.70.
    expect(body.data).toMatchObject({
      number: e.number,
      status: 5,
      approval: 1,
      chosenOptionId: e.repairId,
      totalCents: 56820,
      signatureName: "Grace Hopper",
      hasSignatureImage: false,
    });
    const repair = body.data.options.find((o: any) => o.id === e.repairId);
    expect([repair.subtotalCents, repair.discountCents, repair.taxCents, repair.totalCents]).toEqual([
      58050, 5000, 3770, 56820,
    ]);
    expect(repair.lineItems.map((l: any) => [l.name, l.optionalState])).toEqual([
      ["Roof repair", null],
      ["Gutter guard", { isRecommended: true, isApproved: false }],
      ["Skylight cleaning", { isRecommended: false, isApproved: true }],
    ]);
    expect(body.data).not.toHaveProperty("id");
    expect(body.data).not.toHaveProperty("companyId");
    expect((await row(e.id)).totalCents).toBe(56820);
  });

  it("answers 400 with the field errors of a bad body", async () => {
    const { e } = await approvalFixture();
    const { status, body } = await sign(e.token, { approvedLineItemIds: "x" });
    expect(status).toBe(400);
    expect(body.errors).toMatchObject({ optionId: "Choose an option", name: "Type your name to approve" });
  });
});
