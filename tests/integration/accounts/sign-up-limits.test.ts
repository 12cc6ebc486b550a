import { describe, expect, it } from "vitest";
import { action as signUpAction } from "~/routes/api+/account+/sign-up";
import { action as firstStepAction } from "~/routes/api+/account+/signUpFirstStepPassed";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, makeRequest } from "../../helpers/factories";
import { call, uniqueEmail } from "./helpers";
import { postSignup, signupAccount } from "./signup-form";

useTestDatabase();

const business = {
  businessName: "Lopez Plumbing",
  industry: "18",
  companySize: "0",
  country: "US",
  password: "correct horse",
};
const from = (clientAddress: string) => ({ context: { clientAddress } });
/** The sign-up screen's last step, filled in right. */
const createAccount = (email: string, extra: ReturnType<typeof from>) =>
  postSignup(
    {
      ...signupAccount(email),
      ...business,
      confirmPassword: business.password,
      terms: "true",
      step: "2",
      intent: "create",
    },
    extra,
  );
const tooMany = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe("sign-up limits", () => {
  it("answers the API's sign-up 429 with Retry-After after 10 tries for one email, from any address", async () => {
    const { email } = await createTestCompany();
    const signUp = (address: string) =>
      call(
        signUpAction,
        makeRequest("/api/account/sign-up", { method: "POST", json: { ...signupAccount(email), ...business } }),
        from(address),
      );
    for (let i = 0; i < 10; i++) expect((await signUp(`192.0.2.${i + 1}`)).status).toBe(400);
    const limited = await signUp("192.0.2.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect((await limited.json()).message).toMatch(tooMany);
  });

  it("refuses the 31st sign-up step from one address within the hour, on screen with the message and the values kept", async () => {
    const address = "198.51.100.31";
    for (let i = 0; i < 30; i++) {
      const step = await postSignup(
        { ...signupAccount(uniqueEmail("burst")), step: "1", intent: "next" },
        from(address),
      );
      expect(step.status).toBe(200);
    }
    const email = uniqueEmail("burst");
    const refused = await postSignup({ ...signupAccount(email), step: "1", intent: "next" }, from(address));
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.fieldErrors._global).toMatch(tooMany);
    expect(body.repopulateFields).toMatchObject({ step: "1", email, firstName: "Maria" });

    const create = await createAccount(email, from(address));
    expect(create.status).toBe(429);
    const created = await create.json();
    expect(created.fieldErrors._global).toMatch(tooMany);
    expect(created.repopulateFields).toMatchObject({ step: "2", businessName: "Lopez Plumbing" });
    expect(created.repopulateFields.password).toBeUndefined();

    const api = await call(
      firstStepAction,
      makeRequest("/api/account/signUpFirstStepPassed", { method: "POST", json: signupAccount(uniqueEmail("burst")) }),
      from(address),
    );
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    const apiSignUp = await call(
      signUpAction,
      makeRequest("/api/account/sign-up", {
        method: "POST",
        json: { ...signupAccount(uniqueEmail("burst")), ...business },
      }),
      from(address),
    );
    expect(apiSignUp.status).toBe(429);

    // Another address signs up as usual.
    const elsewhere = await createAccount(email, from("198.51.100.32"));
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("Location")).toBe("/dashboard");
  });
});
