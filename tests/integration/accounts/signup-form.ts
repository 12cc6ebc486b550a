import * as signup from "~/routes/_auth+/signup";
import { makeRequest } from "../../helpers/factories";
import { call, form } from "./helpers";

/** The account fields of the sign-up screen (its first step), for this email. */
export const signupAccount = (email: string) => ({
  email,
  firstName: "Maria",
  lastName: "Lopez",
  phoneNumber: "4155550134",
});

/** Posts the sign-up screen's form, from the client address given in `extra.context` if any. */
export const postSignup = (fields: Record<string, string | undefined>, extra?: Parameters<typeof call>[2]) =>
  call(signup.action, makeRequest("/signup", form(fields)), extra);
