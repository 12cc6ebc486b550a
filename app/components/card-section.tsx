import type { ReactNode } from "react";

/** A card of a page or form: a section named by its heading (`titleId` is the heading's id). */
export function CardSection({
  titleId,
  title,
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `card stack ${className}` : "card stack"} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
