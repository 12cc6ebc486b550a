import { afterAll, describe, expect, it } from "vitest";
import {
  getCompanySettings,
  listDiscounts,
  listExpenseCodes,
  listTaxRates,
  registerUsageCheck,
} from "~/models/company/company.server";
import { listLeadSources } from "~/models/company/lead-sources.server";
import { Role } from "~/access/roles";
import { AppFeature, DEFAULT_APP_FEATURES } from "~/access/features";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { eq } from "drizzle-orm";
import { listTags } from "~/models/company/tags.server";
import { action as ratesAction, loader as ratesLoader } from "~/routes/_app+/discounts-tax-rates";
import { loader as hubLoader } from "~/routes/_app+/settings+/_index";
import { action as codesAction, loader as codesLoader } from "~/routes/_app+/settings+/expense-codes";
import { action as sourcesAction, loader as sourcesLoader } from "~/routes/_app+/settings+/lead-sources";
import { action as messagesAction, loader as messagesLoader } from "~/routes/_app+/settings+/messages";
import { action as tagsAction, loader as tagsLoader } from "~/routes/_app+/settings+/tags";
import { createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { PRESET_LEAD_SOURCES } from "../lead-source-presets";
import { staffCookies } from "../sign-ins";
import { callRoute, type Route } from "./call";
import { admin, expectRefusedForm, submit, toastOf } from "./screens-helpers";

useTestDatabase();

describe("settings hub", () => {
  it("lists the areas the route table opens to the user", async () => {
    const { companyId, cookie } = await admin();
    const all = await callRoute(hubLoader, "/settings", { cookie });
    expect(all.body.areas.map((a: { to: string }) => a.to)).toEqual([
      "/company-profile",
      "/employees",
      "/price-book",
      "/discounts-tax-rates",
      "/settings/tags",
      "/settings/lead-sources",
      "/settings/expense-codes",
      "/forms",
      "/templates",
      "/settings/messages",
      "/communication",
      "/settings/reminders",
      "/online-booking-settings",
      "/routing",
      "/customer-portal",
      "/integrations",
      "/billing",
    ]);
    const staff = await sessionCookie((await createTestUser(companyId, Role.OfficeStaff)).userId);
    const some = await callRoute(hubLoader, "/settings", { cookie: staff });
    expect(some.body.areas.map((a: { to: string }) => a.to)).toEqual([
      "/settings/tags",
      "/settings/lead-sources",
      "/settings/expense-codes",
      "/settings/messages",
    ]);
    const tech = await sessionCookie((await createTestUser(companyId, Role.FieldTech)).userId);
    expect((await callRoute(hubLoader, "/settings", { cookie: tech })).status).toBe(403);
    // Two-way text appears once the super admin turns its application feature on.
    await db
      .update(companies)
      .set({ featureFlags: DEFAULT_APP_FEATURES | AppFeature.TwoWayText })
      .where(eq(companies.id, companyId));
    const withTexts = await callRoute(hubLoader, "/settings", { cookie });
    expect(withTexts.body.areas.map((a: { to: string }) => a.to)).toContain("/two-way-text-settings");
  });
});

describe("discounts and tax rates", () => {
  const inUse = new Set<number>();
  registerUsageCheck("taxRate", async (_ctx, id) =>
    inUse.has(id) ? "This tax rate is used by a job and cannot be deleted" : null,
  );
  afterAll(() => inUse.clear());

  it("are for managers only", async () => {
    const { companyId } = await admin();
    for (const cookie of await staffCookies(companyId)) {
      expect((await callRoute(ratesLoader, "/discounts-tax-rates", { cookie })).status).toBe(403);
      expect(
        (await submit(ratesAction, "/discounts-tax-rates", cookie, { intent: "saveTaxRate", name: "X", rate: "5" }))
          .status,
      ).toBe(403);
    }
  });

  it("creates, edits and deletes a tax rate without JavaScript, with the messages on the fields", async () => {
    const { cookie, ctx } = await admin();
    const invalid = await submit(ratesAction, "/discounts-tax-rates?taxRate=new", cookie, {
      intent: "saveTaxRate",
      name: "",
      rate: "120",
    });
    expectRefusedForm(
      invalid,
      {
        name: "Name is required",
        rate: "Rate must be less than or equal to 100",
      },
      { rate: "120" },
    );

    const created = await submit(ratesAction, "/discounts-tax-rates?taxRate=new", cookie, {
      intent: "saveTaxRate",
      name: "State tax",
      rate: "8.25%",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/discounts-tax-rates");
    expect(await toastOf(created.headers)).toEqual({ type: "success", message: "Tax rate was created successfully!" });
    const [rate] = await listTaxRates(ctx);
    expect(rate).toMatchObject({ name: "State tax", rate: 8.25 });

    const duplicate = await submit(ratesAction, "/discounts-tax-rates?taxRate=new", cookie, {
      intent: "saveTaxRate",
      name: "state TAX",
      rate: "5",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.fieldErrors).toEqual({ name: "A tax rate named 'state TAX' already exists" });

    const page = await callRoute(ratesLoader, `/discounts-tax-rates?taxRate=${rate.id}`, { cookie });
    expect(page.body.taxRate).toMatchObject({ id: rate.id, name: "State tax" });
    expect(
      (
        await submit(ratesAction, `/discounts-tax-rates?taxRate=${rate.id}`, cookie, {
          intent: "saveTaxRate",
          id: String(rate.id),
          name: "State tax",
          rate: "7",
        })
      ).status,
    ).toBe(302);
    expect((await listTaxRates(ctx))[0].rate).toBe(7);

    inUse.add(rate.id);
    const deleteRate = () =>
      submit(ratesAction, `/discounts-tax-rates?confirm=deleteTaxRate&id=${rate.id}`, cookie, {
        intent: "deleteTaxRate",
        id: String(rate.id),
      });
    const refused = await deleteRate();
    expect(refused.status).toBe(302);
    expect(await toastOf(refused.headers)).toEqual({
      type: "error",
      message: "This tax rate is used by a job and cannot be deleted",
    });
    expect(await listTaxRates(ctx)).toHaveLength(1);
    inUse.delete(rate.id);

    const deleted = await deleteRate();
    expect(await toastOf(deleted.headers)).toEqual({ type: "success", message: "Tax rate was deleted" });
    expect(await listTaxRates(ctx)).toHaveLength(0);
  });

  it("saves discounts as a percentage or an amount", async () => {
    const { cookie, ctx } = await admin();
    const tooMuch = await submit(ratesAction, "/discounts-tax-rates?discount=new", cookie, {
      intent: "saveDiscount",
      name: "Spring",
      type: "0",
      value: "150",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.fieldErrors).toEqual({ value: "Value must be less than or equal to 100" });
    await submit(ratesAction, "/discounts-tax-rates?discount=new", cookie, {
      intent: "saveDiscount",
      name: "Spring",
      type: "0",
      value: "10",
    });
    await submit(ratesAction, "/discounts-tax-rates?discount=new", cookie, {
      intent: "saveDiscount",
      name: "Loyalty",
      type: "1",
      value: "$150.50",
    });
    expect(await listDiscounts(ctx)).toMatchObject([
      { name: "Loyalty", type: 1, value: 150.5 },
      { name: "Spring", type: 0, value: 10 },
    ]);
  });

  it("answers 404 for another company's records and leaves them alone; 400 for an unknown intent", async () => {
    const a = await admin();
    const b = await admin();
    await submit(ratesAction, "/discounts-tax-rates", a.cookie, { intent: "saveTaxRate", name: "Ours", rate: "5" });
    await submit(ratesAction, "/discounts-tax-rates", a.cookie, {
      intent: "saveDiscount",
      name: "Ours",
      type: "0",
      value: "5",
    });
    const [rate] = await listTaxRates(a.ctx);
    const [discount] = await listDiscounts(a.ctx);
    const as = (path: string) => callRoute(ratesLoader, path, { cookie: b.cookie });
    expect((await as(`/discounts-tax-rates?taxRate=${rate.id}`)).status).toBe(404);
    expect((await as(`/discounts-tax-rates?discount=${discount.id}`)).status).toBe(404);
    expect((await as(`/discounts-tax-rates?confirm=deleteTaxRate&id=${rate.id}`)).status).toBe(404);
    const send = (fields: Record<string, string>) => submit(ratesAction, "/discounts-tax-rates", b.cookie, fields);
    expect((await send({ intent: "saveTaxRate", id: String(rate.id), name: "Theirs", rate: "1" })).status).toBe(404);
    expect((await send({ intent: "deleteTaxRate", id: String(rate.id) })).status).toBe(404);
    expect(
      (await send({ intent: "saveDiscount", id: String(discount.id), name: "Theirs", type: "0", value: "1" })).status,
    ).toBe(404);
    expect((await send({ intent: "deleteDiscount", id: String(discount.id) })).status).toBe(404);
    expect((await send({ intent: "bogus" })).status).toBe(400);
    expect(await listTaxRates(a.ctx)).toMatchObject([{ name: "Ours", rate: 5 }]);
    expect(await listDiscounts(a.ctx)).toMatchObject([{ name: "Ours", value: 5 }]);
    expect(await listTaxRates(b.ctx)).toHaveLength(0);
  });
});

describe("tags, lead sources and expense codes", () => {
  it("manages tags of every type through ?type=, office staff included", async () => {
    const { companyId, ctx } = await admin();
    const cookie = await sessionCookie((await createTestUser(companyId, Role.OfficeStaff)).userId);
    const invalid = await submit(tagsAction, "/settings/tags?type=1&edit=new", cookie, { intent: "save", name: " " });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fieldErrors).toEqual({ name: "Name is required" });
    const created = await submit(tagsAction, "/settings/tags?type=1&edit=new", cookie, {
      intent: "save",
      name: "Urgent",
    });
    expect(created.headers.get("Location")).toBe("/settings/tags?type=1");
    const [tag] = await listTags(ctx, 1);
    expect(tag.label).toBe("Urgent");
    expect(await listTags(ctx, 0)).toHaveLength(0);
    const duplicate = await submit(tagsAction, "/settings/tags?type=1&edit=new", cookie, {
      intent: "save",
      name: "urgent",
    });
    expect(duplicate.body.fieldErrors).toEqual({ name: "A tag named 'urgent' already exists" });
    const page = await callRoute(tagsLoader, "/settings/tags?type=1", { cookie });
    expect(page.body).toMatchObject({ type: 1, tags: [{ id: tag.id, label: "Urgent" }], counts: { 1: 1 } });
    expect((await callRoute(tagsLoader, "/settings/tags?type=9", { cookie })).body.type).toBe(0);
    await submit(tagsAction, `/settings/tags?type=1&edit=${tag.id}`, cookie, {
      intent: "save",
      id: String(tag.id),
      name: "Rush",
    });
    expect((await listTags(ctx, 1))[0].label).toBe("Rush");
    const deleted = await submit(tagsAction, `/settings/tags?type=1&confirm=delete&id=${tag.id}`, cookie, {
      intent: "delete",
      id: String(tag.id),
    });
    expect(await toastOf(deleted.headers)).toEqual({ type: "success", message: "Tag was deleted" });
    expect(await listTags(ctx, 1)).toHaveLength(0);
  });

  it("manages lead sources (the sign-up presets included)", async () => {
    const { cookie, ctx } = await admin();
    const page = await callRoute(sourcesLoader, "/settings/lead-sources", { cookie });
    expect(page.body.leadSources.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(PRESET_LEAD_SOURCES),
    );
    const duplicate = await submit(sourcesAction, "/settings/lead-sources?edit=new", cookie, {
      intent: "save",
      name: "google",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.fieldErrors).toEqual({ name: "A lead source named 'google' already exists" });
    await submit(sourcesAction, "/settings/lead-sources?edit=new", cookie, { intent: "save", name: "Billboard" });
    const billboard = (await listLeadSources(ctx)).find((s) => s.name === "Billboard")!;
    await submit(sourcesAction, `/settings/lead-sources?edit=${billboard.id}`, cookie, {
      intent: "save",
      id: String(billboard.id),
      name: "Highway billboard",
    });
    expect((await listLeadSources(ctx)).map((s) => s.name)).toContain("Highway billboard");
    await submit(sourcesAction, "/settings/lead-sources", cookie, { intent: "delete", id: String(billboard.id) });
    expect((await listLeadSources(ctx)).some((s) => s.id === billboard.id)).toBe(false);
  });

  it("manages expense codes", async () => {
    const { cookie, ctx } = await admin();
    const invalid = await submit(codesAction, "/settings/expense-codes?edit=new", cookie, {
      intent: "save",
      name: "",
      description: "x".repeat(501),
    });
    expect(invalid.body.fieldErrors).toEqual({
      name: "Name is required",
      description: "Description is too long - should be 500 chars maximum",
    });
    await submit(codesAction, "/settings/expense-codes?edit=new", cookie, {
      intent: "save",
      name: "Fuel",
      description: "Gas for the vans",
    });
    const [code] = await listExpenseCodes(ctx);
    expect(code).toMatchObject({ name: "Fuel", description: "Gas for the vans" });
    const editing = await callRoute(codesLoader, `/settings/expense-codes?edit=${code.id}`, { cookie });
    expect(editing.body.editing).toMatchObject({ id: code.id, name: "Fuel" });
    await submit(codesAction, "/settings/expense-codes", cookie, {
      intent: "save",
      id: String(code.id),
      name: "Fuel",
      description: "",
    });
    expect((await listExpenseCodes(ctx))[0].description).toBeNull();
    await submit(codesAction, "/settings/expense-codes", cookie, { intent: "delete", id: String(code.id) });
    expect(await listExpenseCodes(ctx)).toHaveLength(0);
  });

  it("answers 404 for another company's tag, lead source and expense code", async () => {
    const a = await admin();
    const b = await admin();
    await submit(tagsAction, "/settings/tags?type=0", a.cookie, { intent: "save", name: "VIP" });
    await submit(codesAction, "/settings/expense-codes", a.cookie, { intent: "save", name: "Fuel" });
    const [tag] = await listTags(a.ctx, 0);
    const [source] = await listLeadSources(a.ctx);
    const [code] = await listExpenseCodes(a.ctx);
    const get = (loader: Route, path: string) => callRoute(loader, path, { cookie: b.cookie });
    expect((await get(tagsLoader, `/settings/tags?edit=${tag.id}`)).status).toBe(404);
    expect((await get(tagsLoader, `/settings/tags?confirm=delete&id=${tag.id}`)).status).toBe(404);
    expect((await get(sourcesLoader, `/settings/lead-sources?edit=${source.id}`)).status).toBe(404);
    expect((await get(codesLoader, `/settings/expense-codes?confirm=delete&id=${code.id}`)).status).toBe(404);
    const send = (action: Route, path: string, fields: Record<string, string>) =>
      submit(action, path, b.cookie, fields);
    expect(
      (await send(tagsAction, "/settings/tags", { intent: "save", id: String(tag.id), name: "Mine" })).status,
    ).toBe(404);
    expect((await send(tagsAction, "/settings/tags", { intent: "delete", id: String(tag.id) })).status).toBe(404);
    expect(
      (await send(sourcesAction, "/settings/lead-sources", { intent: "save", id: String(source.id), name: "Mine" }))
        .status,
    ).toBe(404);
    expect(
      (await send(sourcesAction, "/settings/lead-sources", { intent: "delete", id: String(source.id) })).status,
    ).toBe(404);
    expect(
      (await send(codesAction, "/settings/expense-codes", { intent: "save", id: String(code.id), name: "Mine" }))
        .status,
    ).toBe(404);
    expect((await send(codesAction, "/settings/expense-codes", { intent: "delete", id: String(code.id) })).status).toBe(
      404,
    );
    expect((await listTags(a.ctx, 0))[0].label).toBe("VIP");
    expect((await listLeadSources(a.ctx)).find((s) => s.id === source.id)?.name).toBe(source.name);
    expect((await listExpenseCodes(a.ctx))[0].name).toBe("Fuel");
  });

  it("field techs are refused", async () => {
    const { companyId } = await admin();
    const cookie = await sessionCookie((await createTestUser(companyId, Role.FieldTech)).userId);
    expect((await callRoute(tagsLoader, "/settings/tags", { cookie })).status).toBe(403);
    expect((await submit(codesAction, "/settings/expense-codes", cookie, { intent: "save", name: "X" })).status).toBe(
      403,
    );
    expect((await callRoute(messagesLoader, "/settings/messages", { cookie })).status).toBe(403);
  });
});

describe("messages on invoices and estimates", () => {
  it("saves both messages and shows the length message", async () => {
    const { cookie, ctx } = await admin();
    const tooLong = await submit(messagesAction, "/settings/messages", cookie, {
      intent: "save",
      messageOnInvoice: "x".repeat(2001),
      messageOnEstimate: "Valid 30 days",
    });
    expectRefusedForm(
      tooLong,
      {
        messageOnInvoice: "Message on Invoice is too long - should be 2000 chars maximum",
      },
      { messageOnEstimate: "Valid 30 days" },
    );
    const saved = await submit(messagesAction, "/settings/messages", cookie, {
      intent: "save",
      messageOnInvoice: "Thank you!",
      messageOnEstimate: "Valid 30 days",
    });
    expect(await toastOf(saved.headers)).toEqual({ type: "success", message: "Messages were saved successfully!" });
    expect(await getCompanySettings(ctx)).toMatchObject({
      messageOnInvoice: "Thank you!",
      messageOnEstimate: "Valid 30 days",
    });
    const page = await callRoute(messagesLoader, "/settings/messages", { cookie });
    expect(page.body).toEqual({ messageOnInvoice: "Thank you!", messageOnEstimate: "Valid 30 days" });
  });
});
