import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { submitForm } from "~/http/forms.server";
import { RuleError } from "~/models/rules";

const validator = withZod(
  z.object({ name: z.string().min(2, "Name is too short - should be 2 chars minimum"), password: z.string() }),
);

function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const saved = () => new Response(null, { status: 302, headers: { Location: "/done" } });

describe("the one form path", () => {
  it("returns 422 with the field's message and the values, never the password or a file", async () => {
    let ran = false;
    const answer = await submitForm(
      form({ name: "A", password: "secret", photo: new File(["x"], "a.png") }),
      validator,
      "f",
      async () => {
        ran = true;
        return saved();
      },
    );
    expect(ran).toBe(false);
    expect(answer.status).toBe(422);
    const body = await answer.json();
    expect(body.fieldErrors).toEqual({ name: "Name is too short - should be 2 chars minimum" });
    expect(body.repopulateFields).toEqual({ name: "A" });
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("keeps a postal or area code but never the sign-in's one-time code or a card number", async () => {
    const answer = await submitForm(
      form({ name: "A", password: "", code: "123456", zipCode: "94107", areaCode: "415", cardNumber: "4242" }),
      validator,
      "f",
      async () => saved(),
    );
    const body = await answer.json();
    expect(body.repopulateFields).toEqual({ name: "A", zipCode: "94107", areaCode: "415" });
  });

  it("returns a rule of the model (duplicate name) on its field like a schema error", async () => {
    const answer = await submitForm(form({ name: "Taken", password: "x" }), validator, "f", async () => {
      throw new RuleError({ name: "A tag named 'Taken' already exists" });
    });
    expect(answer.status).toBe(422);
    const body = await answer.json();
    expect(body.fieldErrors).toEqual({ name: "A tag named 'Taken' already exists" });
    expect(body.repopulateFields).toEqual({ name: "Taken" });
  });

  it("answers with the save when all passes, and lets other errors through", async () => {
    const answer = await submitForm(form({ name: "Good", password: "x" }), validator, "f", async (input) => {
      expect(input).toEqual({ name: "Good", password: "x" });
      return saved();
    });
    expect(answer.status).toBe(302);
    const missing = new Response("", { status: 404 });
    await expect(
      submitForm(form({ name: "Good", password: "x" }), validator, "f", () => Promise.reject(missing)),
    ).rejects.toBe(missing);
  });
});
