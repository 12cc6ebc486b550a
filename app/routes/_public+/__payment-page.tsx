import type { ReactNode } from "react";

/** The frame of the short payment pages: a heading, a few sentences, links back. No JavaScript. */
export function PaymentPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="public-page stack" style={{ maxWidth: "40rem", margin: "0 auto", padding: "1rem" }}>
      <section className="card stack" aria-labelledby="payment-page-title">
        <h1 id="payment-page-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}

export const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
