import type { MetaDescriptor } from "@remix-run/node";

/*
 * The last step before a Stripe page (Checkout, onboarding, the Express dashboard). A form post
 * cannot end in a redirect to Stripe: the browser checks the whole redirect chain of a form
 * submission against the CSP's form-action 'self' and stops it. So the post redirects to a page of
 * ours, and that page moves on by <meta http-equiv="refresh"> (a navigation of its own, no
 * JavaScript needed), with a link for a browser that does not follow it.
 */
export function handOffMeta(url: string | null | undefined, title: string): MetaDescriptor[] {
  return url
    ? [
        { title: `${title} | Fieldwise` },
        { httpEquiv: "refresh", content: `0;url=${url}` },
        { name: "robots", content: "noindex" },
      ]
    : [{ title: `${title} | Fieldwise` }, { name: "robots", content: "noindex" }];
}

export function StripeHandOff({ url, label }: { url: string; label: string }) {
  return (
    <p>
      Taking you to Stripe&apos;s secure page… <a href={url}>{label}</a>
    </p>
  );
}
