import { describe, expect, it } from "vitest";
import { registerUsageCheck } from "~/models/company/company.server";
import { Role } from "~/access/roles";
import { action as companyAction, loader as companyLoader } from "~/routes/api+/company+/_layout";
import { action as logoAction } from "~/routes/api+/company+/logo";
import { loader as serviceArea } from "~/routes/api+/company+/check-service-area";
import { action as createTaxRate } from "~/routes/api+/company+/taxRate";
import { action as putTaxRate, loader as taxRatesLoader } from "~/routes/api+/company+/taxRates";
import { action as deleteTaxRate } from "~/routes/api+/company+/taxRates.$id";
import { action as createDiscount } from "~/routes/api+/company+/discount";
import { action as createExpenseCode } from "~/routes/api+/company+/expense-code";
import { action as deleteExpenseCode } from "~/routes/api+/company+/expense-codes.$id";
import { loader as settingsLoader } from "~/routes/api+/company-settings+/_layout";
import { action as messagesAction } from "~/routes/api+/company-settings+/messages-on-invoice-and-estimate";
import { createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { solidImage } from "../../helpers/solid-image";
import { signedInAdmin } from "../sign-ins";
import { callRequest, callRoute } from "./call";

useTestDatabase();

function logoRequest(cookie: string, data: Buffer, method = "PATCH") {
  const form = new FormData();
  form.set("logo", new File([new Uint8Array(data)], "logo.png", { type: "image/png" }));
  return makeRequest("/api/company/logo", { method, cookie, body: form });
}

describe("company API", () => {
  it("reads and updates the profile; the country drives currency and phone region", async () => {
    const { cookie } = await signedInAdmin();
    const before = await callRoute(companyLoader, "/api/company", { cookie });
    expect(before.body.data).toMatchObject({ currency: "USD", phoneRegion: "US" });
    expect(before.body.data.workingSchedule).toHaveLength(7);
    const schedule = Array.from({ length: 7 }, (_, day) => ({
      day,
      isWorking: day > 0 && day < 6,
      start: "08:00",
      end: "17:00",
    }));
    const put = await callRoute(companyAction, "/api/company", {
      method: "PUT",
      cookie,
      json: {
        businessName: "Maple Heating",
        country: "CA",
        timezone: "America/Toronto",
        businessPhoneNumber: "(416) 555-0199",
        serviceAreaRadius: 30,
        workingSchedule: schedule,
      },
    });
    expect(put).toMatchObject({
      status: 200,
      body: {
        data: {
          businessName: "Maple Heating",
          currency: "CAD",
          phoneRegion: "CA",
          businessPhoneNumber: "+14165550199",
          serviceAreaRadius: 30,
        },
      },
    });
    const bad = await callRoute(companyAction, "/api/company", {
      method: "PUT",
      cookie,
      json: { businessName: "", country: "US", timezone: "Europe/Paris", businessWebsite: "nope" },
    });
    expect(bad.body.errors).toMatchObject({
      businessName: "Business Name is required",
      timezone: "Time Zone is required",
      businessWebsite: "Please enter a valid URL (e.g. example.com)",
    });
  });

  it("checks the logo by content and size with the spec's messages", async () => {
    const { cookie } = await signedInAdmin();
    const ok = await callRequest(logoAction, logoRequest(cookie, await solidImage(300, 300)));
    expect(ok.status).toBe(200);
    expect(ok.body.data.logoUrl).toMatch(/^\/files\/\d+\/logos\/[\w-]+\.png$/);
    expect((await callRequest(logoAction, logoRequest(cookie, await solidImage(200, 300)))).body).toEqual({
      errors: { logo: "At least 256x256px PNG or JPG file" },
    });
    expect((await callRequest(logoAction, logoRequest(cookie, Buffer.alloc(5242881)))).body).toEqual({
      errors: { logo: "The file size cannot exceed 5 MB." },
    });
    expect((await callRequest(logoAction, logoRequest(cookie, Buffer.from("GIF89a fake")))).body).toEqual({
      errors: { logo: "At least 256x256px PNG or JPG file" },
    });
    expect((await callRoute(companyLoader, "/api/company", { cookie })).body.data.logoUrl).toBe(ok.body.data.logoUrl);
    expect(
      (await callRoute(logoAction, "/api/company/logo", { method: "DELETE", cookie })).body.data.logoUrl,
    ).toBeNull();
  });

  it("answers the service area check", async () => {
    const { companyId } = await signedInAdmin();
    const res = await callRoute(
      serviceArea,
      `/api/company/check-service-area?companyId=${companyId}&latitude=37.77&longitude=-122.41`,
    );
    expect(res.body).toEqual({ data: { isInServiceArea: true } });
    expect(
      (await callRoute(serviceArea, "/api/company/check-service-area?companyId=999999&latitude=1&longitude=1")).status,
    ).toBe(404);
  });

  it("manages tax rates, discounts, expense codes and messages, refusing duplicates and records in use", async () => {
    const { cookie } = await signedInAdmin();
    const tax = await callRoute(createTaxRate, "/api/company/taxRate", {
      method: "POST",
      cookie,
      json: { name: "State tax", rate: 8.25 },
    });
    expect(tax.body.data).toEqual({ id: expect.any(Number), name: "State tax", rate: 8.25 });
    expect(
      (
        await callRoute(createTaxRate, "/api/company/taxRate", {
          method: "POST",
          cookie,
          json: { name: "state TAX", rate: 1 },
        })
      ).body,
    ).toEqual({ errors: { name: "A tax rate named 'state TAX' already exists" } });
    expect(
      (
        await callRoute(createTaxRate, "/api/company/taxRate", {
          method: "POST",
          cookie,
          json: { name: "Bad", rate: -1 },
        })
      ).body,
    ).toEqual({ errors: { rate: "Rate must be greater than or equal to 0" } });
    const renamed = await callRoute(putTaxRate, "/api/company/taxRates", {
      method: "PUT",
      cookie,
      json: { id: tax.body.data.id, name: "County", rate: 7 },
    });
    expect(renamed.body.data.rate).toBe(7);
    expect((await callRoute(taxRatesLoader, "/api/company/taxRates", { cookie })).body.data).toHaveLength(1);

    const discount = await callRoute(createDiscount, "/api/company/discount", {
      method: "POST",
      cookie,
      json: { name: "Seniors", type: 0, value: 150 },
    });
    expect(discount.body).toEqual({ errors: { value: "Value must be less than or equal to 100" } });

    registerUsageCheck("expenseCode", async (_ctx, id) =>
      id === -1 ? null : "This expense code is used by expenses and cannot be deleted",
    );
    const code = await callRoute(createExpenseCode, "/api/company/expense-code", {
      method: "POST",
      cookie,
      json: { name: "Fuel", description: "Truck fuel" },
    });
    const twice = await callRoute(createExpenseCode, "/api/company/expense-code", {
      method: "POST",
      cookie,
      json: { name: "fuel" },
    });
    expect(twice).toEqual({ status: 400, body: { errors: { name: "An expense code named 'fuel' already exists" } } });
    const refused = await callRoute(
      deleteExpenseCode,
      `/api/company/expense-codes/${code.body.data.id}`,
      { method: "DELETE", cookie },
      {
        id: String(code.body.data.id),
      },
    );
    expect(refused).toEqual({
      status: 400,
      body: { message: "This expense code is used by expenses and cannot be deleted" },
    });

    const saved = await callRoute(messagesAction, "/api/company-settings/messages-on-invoice-and-estimate", {
      method: "PATCH",
      cookie,
      json: { messageOnInvoice: "Thank you!", messageOnEstimate: "Valid 30 days" },
    });
    expect(saved.body.data).toMatchObject({ messageOnInvoice: "Thank you!", messageOnEstimate: "Valid 30 days" });
    expect((await callRoute(settingsLoader, "/api/company-settings", { cookie })).body.data.messageOnEstimate).toBe(
      "Valid 30 days",
    );
  });

  it("keeps companies apart and managers only", async () => {
    const a = await signedInAdmin();
    const b = await signedInAdmin();
    const tax = await callRoute(createTaxRate, "/api/company/taxRate", {
      method: "POST",
      cookie: a.cookie,
      json: { name: "A tax", rate: 5 },
    });
    const id = String(tax.body.data.id);
    expect(
      (
        await callRoute(putTaxRate, "/api/company/taxRates", {
          method: "PUT",
          cookie: b.cookie,
          json: { id, name: "Mine", rate: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(deleteTaxRate, `/api/company/taxRates/${id}`, { method: "DELETE", cookie: b.cookie }, { id }))
        .status,
    ).toBe(404);
    expect((await callRoute(taxRatesLoader, "/api/company/taxRates", { cookie: b.cookie })).body.data).toEqual([]);
    const staff = await sessionCookie((await createTestUser(a.companyId, Role.OfficeStaff)).userId);
    expect(
      (
        await callRoute(createTaxRate, "/api/company/taxRate", {
          method: "POST",
          cookie: staff,
          json: { name: "X", rate: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await callRoute(companyAction, "/api/company", { method: "PUT", cookie: staff, json: {} })).status).toBe(
      403,
    );
    expect(
      (await callRoute(deleteTaxRate, `/api/company/taxRates/${id}`, { method: "DELETE", cookie: a.cookie }, { id }))
        .status,
    ).toBe(200);
  });
});
