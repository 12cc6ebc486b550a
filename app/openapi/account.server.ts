import { z } from "zod";
import {
  emailExistsSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInApiSchema,
  signUpAccountSchema,
  signUpSchema,
  verifyCodeSchema,
} from "~/models/accounts/accounts.schema";
import { idParamsSchema } from "~/http/query-schemas";
import { registerCall } from "~/openapi/registry.server";

const anyone = "anyone (no session needed)";
const signedIn = "any signed-in user";

const subscription = z.object({
  isActive: z.boolean(),
  isTrialing: z.boolean(),
  trialExpiration: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
const currentUser = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    roles: z
      .array(z.number().int())
      .openapi({ description: "0 field tech, 1 office staff, 2 company admin, 3 super admin" }),
    features: z.array(z.number().int()).openapi({ description: "Plan feature ids 1-16 of the company's plan" }),
    subscription,
    isShadowLogIn: z.boolean(),
    defaultArrivalWindowOffset: z.number().int(),
    quickBooksInfo: z
      .object({ isConnected: z.boolean(), companyName: z.string().nullable(), lastSyncedAt: z.string().nullable() })
      .nullable()
      .openapi({ description: "The company's QuickBooks Online connection (GET /api/users/current); null elsewhere" }),
    businessName: z.string(),
    logoUrl: z.string().nullable(),
    companyLogoUrl: z.string().nullable(),
    country: z.enum(["US", "CA"]),
    company: z.object({
      id: z.number().int(),
      businessName: z.string(),
      logoUrl: z.string().nullable(),
      country: z.enum(["US", "CA"]),
      timezone: z.string(),
      featureFlags: z.number().int(),
      twoWayTextEnabled: z.boolean(),
      planName: z.string().nullable(),
    }),
    calendarSyncToken: z.string().nullable(),
    canSendEmails: z.boolean(),
    canSendSms: z.boolean(),
  })
  .openapi("CurrentUser");
const signInAnswer = z.union([
  currentUser.extend({ needTwoFactorAuthentication: z.literal(false) }),
  z.object({ needTwoFactorAuthentication: z.literal(true) }),
]);
const message = z.object({ message: z.string() });
const userOption = z.object({
  id: z.number().int(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.number().int(),
  color: z.string().nullable(),
});
const limited = " Rate-limited per email and per client address: 429 {message} with Retry-After.";

registerCall({
  method: "post",
  path: "/account/sign-in",
  tag: "Account",
  summary: `Sign in with email and password. Sets the session cookie and answers the current user; when the user has two-factor on, answers {needTwoFactorAuthentication: true} and emails a 6-digit code (then account/verify-code). Wrong credentials: 400 {message: "Invalid email or password"}.${limited}`,
  access: anyone,
  body: signInApiSchema,
  response: signInAnswer,
  rateLimited: true,
});
registerCall({
  method: "post",
  path: "/account/verify-code",
  tag: "Account",
  summary: `The two-factor step: email, password and the emailed code (valid 10 minutes, 5 tries). Sets the session cookie and answers the current user.${limited}`,
  access: anyone,
  body: verifyCodeSchema,
  response: currentUser.extend({ needTwoFactorAuthentication: z.literal(false) }),
  rateLimited: true,
});
registerCall({
  method: "post",
  path: "/account/sign-up",
  tag: "Account",
  summary:
    "Create a company, its company admin and a 14-day trial, then sign in (session cookie). industry is the index in the 23 business types; companySize 0 just me, 1 2-5, 2 6-9, 3 10+. A taken email: 400 {errors: {email}}.",
  access: anyone,
  body: signUpSchema,
  status: 201,
  response: currentUser,
  responseDescription: "Created: the signed-in company admin",
});
registerCall({
  method: "post",
  path: "/account/signUpFirstStepPassed",
  tag: "Account",
  summary: `Validate the first sign-up step; 400 {errors: {field: message}} when a field is wrong or the email is taken.${limited}`,
  access: anyone,
  body: signUpAccountSchema,
  response: z.object({}),
  rateLimited: true,
});
registerCall({
  method: "post",
  path: "/account/forgotPassword",
  tag: "Account",
  summary: `Email a single-use reset link valid 1 hour. The same answer whether the email has an account or not.${limited}`,
  access: anyone,
  body: forgotPasswordSchema,
  response: message,
  rateLimited: true,
});
registerCall({
  method: "post",
  path: "/account/resetPassword",
  tag: "Account",
  summary:
    "Set a new password with the token of the emailed link; ends every session of the user. An expired, used or unknown token: 400 {message}.",
  access: anyone,
  body: resetPasswordSchema,
  response: message,
});
registerCall({
  method: "post",
  path: "/account/logout",
  tag: "Account",
  summary: "End the session (its row is deleted) and clear the cookie.",
  access: anyone,
  response: z.object({}),
});
registerCall({
  method: "post",
  path: "/account/email-exists",
  tag: "Account",
  summary: `Whether an account uses this email.${limited}`,
  access: anyone,
  body: emailExistsSchema,
  response: z.object({ exists: z.boolean() }),
  rateLimited: true,
});
registerCall({
  method: "get",
  path: "/users/current",
  tag: "Users",
  summary: "The signed-in user with company, plan features and subscription state.",
  access: signedIn,
  response: currentUser,
});
registerCall({
  method: "get",
  path: "/users/get-for-comapny",
  tag: "Users",
  summary: "The company's users by name (spelling of the path as in the specification).",
  access: signedIn,
  response: z.array(userOption),
});
registerCall({
  method: "post",
  path: "/users/{id}/shadow-log-in",
  tag: "Users",
  summary:
    "Act as this user (of any company): a new session with the super admin kept as impersonator. Answers the user acted as; a super admin cannot be shadowed (400). POST only (a GET answers 405). The log-in, every change made in the shadow session and the log-out are kept in the impersonation log.",
  access: "super admin",
  params: idParamsSchema,
  response: currentUser,
});
registerCall({
  method: "post",
  path: "/users/shadow-log-out",
  tag: "Users",
  summary:
    "Stop acting as another user and return to the super admin's own session. 400 when not acting as anyone; 401 when the super admin's own session ended meanwhile. POST only (a GET answers 405).",
  access: signedIn,
  response: currentUser,
});
