import { isRouteErrorResponse } from "@remix-run/react";
import { messages } from "~/utils/validation";

type Screen = { title: string; description: string; linkText: string; linkTo: string };

/** The spec's 403, 'Page not found' and generic error screens. 'Go Back Home' goes to sign up (home when signed in). */
export function errorScreenFor(error: unknown): Screen {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403)
    return { title: "403", description: messages.forbidden, linkText: "Go Back Home", linkTo: "/signup" };
  if (status === 404) return notFoundScreen;
  return { title: messages.fallback, description: messages.genericError, linkText: "Go Back Home", linkTo: "/signup" };
}

export const notFoundScreen: Screen = {
  title: "Page not found",
  description: "The link you clicked may be broken or the page may have been removed.",
  linkText: "Go Back Home",
  linkTo: "/signup",
};

/**
 * The error screen on a page of its own (a <main>), or inside a layout that already has its <main>
 * (the signed-in shell, the sign-in card): `inside`. Its link goes to `home` when given.
 */
export function ErrorScreen({
  title,
  description,
  linkText,
  linkTo,
  inside = false,
  home,
}: Screen & { inside?: boolean; home?: string }) {
  const content = (
    <>
      <h1>{title}</h1>
      <p>{description}</p>
      <a className="button button-primary" href={home ?? linkTo}>
        {linkText}
      </a>
    </>
  );
  return inside ? (
    <section className="error-screen error-screen-inside">{content}</section>
  ) : (
    <main className="error-screen">{content}</main>
  );
}
