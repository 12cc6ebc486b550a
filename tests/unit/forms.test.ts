import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { returnThrownFormErrors, validateForm } from "~/http/forms.server";

const validator = withZod(
  z.object({ name: z.string().min(2, "Name is too short - should be 2 chars minimum"), password: z.string() }),
);

describe("form validation answers", () => {
  it("answers 422 with the field's message and the values, never the password", async () => {
    const form = new FormData();
    form.set("name", "A");
    form.set("password", "secret");
    const thrown = (await validateForm(form, validator, "f").then(
      () => null,
      (e: unknown) => e,
    )) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(422);
    const body = await thrown.json();
    expect(body.fieldErrors).toEqual({ name: "Name is too short - should be 2 chars minimum" });
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("turns a 422 thrown by an action into a returned answer, and leaves other throws alone", async () => {
    const invalid = new Response("{}", { status: 422 });
    const missing = new Response("", { status: 404 });
    type Module = { action?: () => Promise<unknown> };
    const routes: Record<string, { module: Module }> = {
      form: { module: { action: async () => Promise.reject(invalid) } },
      other: { module: { action: async () => Promise.reject(missing) } },
      page: { module: {} },
    };
    const build = returnThrownFormErrors({ routes }) as { routes: typeof routes };
    await expect(build.routes.form.module.action!()).resolves.toBe(invalid);
    await expect(build.routes.other.module.action!()).rejects.toBe(missing);
    expect(build.routes.page.module.action).toBeUndefined();
  });
});
