import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, textMessagingAccounts } from "~/db/schema";
import { AppFeature } from "~/access/features";
import { RegistrationState } from "~/models/text-messaging/registration.schema";
import { TWILIO_NOT_CONFIGURED } from "~/models/text-messaging/registration.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/two-way-text-settings+/_index";
import { action as registerAction, loader as registerLoader } from "~/routes/_app+/two-way-text-settings+/register";
import { action as buyAction, loader as numbersLoader } from "~/routes/api+/text-messaging+/phone-numbers";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { callRoute, type Route } from "../route-call";
import { PROFILE } from "./registration-world";

// The app's offline default: no Twilio account configured, so nothing is ever called.
delete process.env.TWILIO_ACCOUNT_SID;
delete process.env.TWILIO_AUTH_TOKEN;

useTestDatabase();

let companyId: number;
let cookie: string;
beforeAll(async () => {
  const company = await createTestCompany();
  companyId = company.companyId;
  await db
    .update(companies)
    .set({ featureFlags: sql`${companies.featureFlags} | ${AppFeature.TwoWayText}` })
    .where(eq(companies.id, companyId));
  cookie = await sessionCookie(company.userId);
});

it("the pages say Twilio is not configured; the draft saves but submission, the status check and numbers are refused", async () => {
  expect((await callRoute(settingsLoader as Route, "/two-way-text-settings", { cookie })).body.twilioConfigured).toBe(
    false,
  );
  const register = await callRoute(registerLoader as Route, "/two-way-text-settings/register?areaCode=415", { cookie });
  expect(register.body).toMatchObject({ twilioConfigured: false, offer: null });

  const post = (fields: Record<string, string>) => ({ method: "POST", cookie, body: new URLSearchParams(fields) });
  const saved = await callRoute(
    registerAction as Route,
    "/two-way-text-settings/register",
    post({ ...PROFILE, intent: "save" }),
  );
  expect(saved.status).toBe(302);
  const submitted = await callRoute(
    registerAction as Route,
    "/two-way-text-settings/register",
    post({ ...PROFILE, intent: "submit" }),
  );
  expect(submitted.status).toBe(422);
  expect(submitted.body.fieldErrors).toEqual({ _global: TWILIO_NOT_CONFIGURED });
  const refreshed = await callRoute(settingsAction as Route, "/two-way-text-settings", post({ intent: "refresh" }));
  expect(refreshed.status).toBe(302);
  const [row] = await db.select().from(textMessagingAccounts).where(eq(textMessagingAccounts.companyId, companyId));
  expect(row.registrationState).toBe(RegistrationState.values.NewRequest);

  const numbers = await callRoute(numbersLoader as Route, "/api/text-messaging/phone-numbers", { cookie });
  expect(numbers).toMatchObject({ status: 400, body: { message: TWILIO_NOT_CONFIGURED } });
  const buy = await callRoute(buyAction as Route, "/api/text-messaging/phone-numbers", {
    method: "POST",
    cookie,
    json: { phoneNumber: "+14155550100" },
  });
  expect(buy).toMatchObject({ status: 400, body: { message: TWILIO_NOT_CONFIGURED } });
});
