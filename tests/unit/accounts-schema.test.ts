import { describe, expect, it } from "vitest";
import {
  BUSINESS_TYPES,
  signInSchema,
  signUpScreenSchema,
  signUpWizardSchema,
  TEAM_SIZES,
  verifyCodeScreenSchema,
} from "~/models/accounts/accounts.schema";
import { fieldErrors } from "~/utils/validation";

const valid = {
  email: "Owner@Example.com",
  firstName: "Maria",
  lastName: "Lopez",
  phoneNumber: "(416) 555-0123",
  password: "long enough",
  confirmPassword: "long enough",
  businessName: "Lopez Plumbing",
  industry: "0",
  companySize: "3",
  country: "CA",
  terms: "on",
};

describe("sign-up schemas", () => {
  it("offers the 23 business types and the 4 team sizes of the spec", () => {
    expect(BUSINESS_TYPES).toHaveLength(23);
    expect(BUSINESS_TYPES[0]).toBe("Appliance Repair");
    expect(BUSINESS_TYPES[22]).toBe("Window Cleaning");
    expect(TEAM_SIZES.map((t) => t.value)).toEqual([0, 1, 2, 3]);
  });

  it("normalises a valid form", () => {
    const data = signUpScreenSchema.parse(valid);
    expect(data).toMatchObject({
      email: "owner@example.com",
      phoneNumber: "+14165550123",
      industry: 0,
      companySize: 3,
      country: "CA",
      terms: true,
      isDemoRequested: false,
    });
  });

  it("gives the spec's messages", () => {
    const result = signUpScreenSchema.safeParse({
      ...valid,
      password: "short",
      confirmPassword: "other",
      terms: undefined,
      email: "x",
      industry: "23",
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toMatchObject({
      password: "Password is too short - should be 8 chars minimum",
      terms: "Please accept Terms and Conditions",
      email: "Incorrect email format",
    });
    expect(errors.industry).toBeDefined();
    const mismatch = fieldErrors(signUpScreenSchema.safeParse({ ...valid, confirmPassword: "different!" }).error!);
    expect(mismatch.confirmPassword).toBe("Confirm Password doesn't match Password");
  });

  it("checks only the step being left, and nothing on Back", () => {
    expect(
      signUpWizardSchema.safeParse({
        intent: "next",
        email: "a@b.co",
        firstName: "Al",
        lastName: "Bo",
        phoneNumber: "4165550123",
      }).success,
    ).toBe(true);
    expect(signUpWizardSchema.safeParse({ intent: "back" }).success).toBe(true);
    expect(signUpWizardSchema.safeParse({ intent: "create", email: "a@b.co" }).success).toBe(false);
  });
});

describe("sign-in and code messages come from the spec's catalogue", () => {
  it("words a wrong code and a too long password like every other field", () => {
    const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
      result.error?.issues[0]?.message;
    expect(firstMessage(verifyCodeScreenSchema.safeParse({ code: "12a456" }))).toBe(
      "Code should contain only numeric characters",
    );
    expect(firstMessage(verifyCodeScreenSchema.safeParse({ code: "12345" }))).toBe(
      "Code is too short - should be 6 chars minimum",
    );
    expect(firstMessage(verifyCodeScreenSchema.safeParse({ code: "1234567" }))).toBe(
      "Code is too long - should be 6 chars maximum",
    );
    expect(verifyCodeScreenSchema.safeParse({ code: " 123456 " }).success).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ email: "a@b.co", password: "x".repeat(500) }))).toMatch(
      /^Password is too long - should be \d+ chars maximum$/,
    );
  });
});

describe("mainInterests on the sign-up screen", () => {
  it("takes the textarea's text or repeated fields and keeps one comma-joined text", () => {
    const parse = (mainInterests: unknown) => signUpScreenSchema.parse({ ...valid, mainInterests }).mainInterests;
    expect(parse("Scheduling,invoicing")).toBe("Scheduling, invoicing");
    expect(parse(["Scheduling", "invoicing"])).toBe("Scheduling, invoicing");
    expect(parse("Scheduling")).toBe("Scheduling");
    expect(parse(" , ")).toBeUndefined();
  });
});
