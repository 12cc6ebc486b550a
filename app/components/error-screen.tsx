import { isRouteErrorResponse } from "@remix-run/react";
import { messages } from "~/utils/validation";

type Screen = { title: string; description: string; linkText: string; linkTo: string };

/** The spec's 403, 'Page not found' and generic error screens. 'Go Back Home' goes to sign up (home when signed in). */
export function errorScreenFor(error: unknown): Screen {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403) return { title: "403", description: messages.forbidden, linkText: "Go Back Home", linkTo: "/signup" };
  if (status === 404) return notFoundScreen;
  return { title: messages.fallback, description: messages.genericError, linkText: "Go Back Home", linkTo: "/signup" };
}

export const notFoundScreen: Screen = {
  title: "Page not found",
  description: "The link you clicked may be broken or the page may have been removed.",
  linkText: "Go Back Home",
  linkTo: "/signup",
};

export function ErrorScreen({ title, description, linkText, linkTo }: Screen) {
  return (
    <main className="error-screen">
      <h1>{title}</h1>
      <p>{description}</p>
      <a className="button button-primary" href={linkTo}>
        {linkText}
      </a>
    </main>
  );
}
