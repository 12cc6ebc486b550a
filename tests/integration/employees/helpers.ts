export { args, call, callRequest, callRoute, type Called, type Route } from "../route-call";
