import { describe, expect, it } from "vitest";
import { loader } from "~/routes/api+/openapi[.]json";

describe("/api/openapi.json", () => {
  it("describes every account and user call", async () => {
    const res = await loader({ request: new Request("http://localhost/api/openapi.json"), params: {}, context: {} });
    type Operation = { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    const doc = (await res.json()) as unknown as {
      openapi: string;
      paths: Record<string, Record<string, Operation | undefined>>;
    };
    expect(doc.openapi).toBe("3.0.3");
    for (const path of [
      "sign-in",
      "verify-code",
      "sign-up",
      "signUpFirstStepPassed",
      "forgotPassword",
      "resetPassword",
      "logout",
      "email-exists",
    ]) {
      expect(doc.paths[`/api/account/${path}`]?.post, path).toBeDefined();
    }
    for (const path of ["/api/users/current", "/api/users/get-for-comapny"]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    // Switching sessions changes state: POST only.
    for (const path of ["/api/users/{id}/shadow-log-in", "/api/users/shadow-log-out"]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
      expect(doc.paths[path]?.get, path).toBeUndefined();
    }
    const signUp = doc.paths["/api/account/sign-up"].post!.requestBody.content["application/json"].schema;
    expect(Object.keys(signUp.properties)).toEqual(
      expect.arrayContaining(["email", "password", "businessName", "industry", "companySize", "country"]),
    );
  });
});
