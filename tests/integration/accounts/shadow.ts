import { action } from "~/routes/api+/users+/$id.shadow-log-in";
import { makeRequest } from "../../helpers/factories";
import { call } from "./helpers";

/** The shadow log-in call for this user, made with this (super admin's) cookie. */
export const shadowLogInAs = (cookie: string, userId: number | string, method = "POST") =>
  call(action, makeRequest(`/api/users/${userId}/shadow-log-in`, { method, cookie }), {
    params: { id: String(userId) },
  });
