import { describe, expect, it } from "vitest";
import { getEstimate, listEstimatesPage } from "~/models/estimates/estimates.server";
import { action as newAction } from "~/routes/_app+/estimates+/new";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/estimates+/$id";
import { action as scheduleAction } from "~/routes/_app+/estimates+/$estimateId.schedule";
import { loader as customerEstimatesLoader } from "~/routes/api+/customers+/$id_.estimates.page";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const postNew = (f: JobsFixture, cookie: string, intent: string, fields: Record<string, string | string[]>) =>
  run(newAction, `/estimates/new?customerId=${f.customerId}`, {
    cookie,
    ...formPost({ intent, customerId: String(f.customerId), ...fields }),
  });
const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };

describe("estimate screens without JavaScript", () => {
  it("adds options and lines by intent, answers 422 with exact messages and values kept, then creates", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const added = await postNew(f, cookie, "addOption", {
      "options[0].name": "Good",
      "options[0].lineItems[0].name": "A",
    });
    expect(added.status).toBe(200);
    const addedValues = ((await added.json()) as { values: { options: Array<{ name: string }> } }).values;
    expect(addedValues.options.map((o) => o.name)).toEqual(["Good", "Option 2"]);
    const line = await postNew(f, cookie, "addLine:0", { "options[0].name": "Good" });
    expect(
      ((await line.json()) as { values: { options: Array<{ lineItems: unknown[] }> } }).values.options[0].lineItems,
    ).toHaveLength(1);

    const invalid = await postNew(f, cookie, "save", {
      "options[0].name": "Good",
      "options[0].lineItems[0].unitPrice": "12",
      "options[1].name": "",
      "options[1].lineItems[0].name": "B",
      "options[1].lineItems[0].unitPrice": "abc",
      privateNotes: "keep me",
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      errors: {
        "options.0.lineItems.0.name": "Name is required",
        "options.1.name": "Option name is required",
        "options.1.lineItems.0.unitPrice": "Unit price must be a number",
      },
      values: { privateNotes: "keep me" },
    });

    const saved = await postNew(f, cookie, "save", {
      "options[0].name": "Good",
      "options[0].lineItems[0].name": "A",
      "options[0].lineItems[0].unitPrice": "100",
      "options[0].lineItems[1].name": "Extra",
      "options[0].lineItems[1].unitPrice": "40",
      "options[0].lineItems[1].isOptional": "on",
      "options[0].lineItems[1].isRecommended": "on",
      "options[1].name": "Better",
      "options[1].lineItems[0].name": "B",
      "options[1].lineItems[0].unitPrice": "250",
      taxRate: "5",
      startTime: "2031-03-01T09:00",
      employeeIds: String(f.techId),
    });
    expect(saved.status).toBe(302);
    const id = Number(saved.headers.get("Location")!.split("/").pop());
    const estimate = (await getEstimate(f.admin, id))!;
    expect(estimate).toMatchObject({ status: 0, totalCents: 10000, employeeIds: [f.techId] });
    expect(estimate.options[0].lineItems[1]).toMatchObject({ isOptional: true, isRecommended: true });
    expect(estimate.options[1].totalCents).toBe(25000);

    const details = await run(detailsLoader, `/estimates/${id}`, { cookie }, { id: String(id) });
    expect(details.status).toBe(200);
    const renamed = await run(
      detailsAction,
      `/estimates/${id}`,
      { cookie, ...formPost({ intent: "rename", name: "" }) },
      {
        id: String(id),
      },
    );
    expect(renamed.status).toBe(422);
    expect(await renamed.json()).toMatchObject({ errors: { name: "Name is required" } });
    const lastOption = estimate.options[1].id;
    await run(
      detailsAction,
      `/estimates/${id}`,
      { cookie, ...formPost({ intent: "deleteOption", optionId: String(lastOption) }) },
      {
        id: String(id),
      },
    );
    const refused = await run(
      detailsAction,
      `/estimates/${id}`,
      { cookie, ...formPost({ intent: "deleteOption", optionId: String(estimate.options[0].id) }) },
      { id: String(id) },
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { _global: "An estimate keeps at least one option" } });

    const unscheduled = await run(
      scheduleAction,
      `/estimates/${id}/schedule`,
      { cookie, ...formPost({ intent: "unschedule", employeeIds: String(f.techId) }) },
      { estimateId: String(id) },
    );
    expect(unscheduled.status).toBe(302);
    expect((await getEstimate(f.admin, id))!.status).toBe(7);
    const badTime = await run(
      scheduleAction,
      `/estimates/${id}/schedule`,
      { cookie, ...formPost({ intent: "schedule", startTime: "2031-03-01T10:00", endTime: "2031-03-01T09:00" }) },
      { estimateId: String(id) },
    );
    expect(badTime.status).toBe(422);
    expect(await badTime.json()).toMatchObject({ errors: { endTime: "End time must be after start time" } });

    const other = await jobsFixture();
    const foreign = await run(
      detailsLoader,
      `/estimates/${id}`,
      { cookie: await sessionCookie(other.adminId) },
      {
        id: String(id),
      },
    );
    expect(foreign.status).toBe(404);
    const tab = await run(
      customerEstimatesLoader,
      `/api/customers/${f.customerId}/estimates/page`,
      { cookie },
      {
        id: String(f.customerId),
      },
    );
    expect(((await tab.json()) as { total: number }).total).toBe(1);
    expect((await listEstimatesPage(f.tech, { paging })).total).toBe(1);
  });
});
