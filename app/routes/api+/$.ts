import { json } from "@remix-run/node";

/** Unknown API paths answer JSON, like every other API error. */
export function loader() {
  return json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
}

export function action() {
  return json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
}
