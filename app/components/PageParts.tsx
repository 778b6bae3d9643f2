import type { ReactNode } from "react";

/** The top band of an inner page: eyebrow, the page's one <h1>, a lead paragraph, actions. */
export function PageHero({
  id,
  eyebrow,
  title,
  lead,
  children,
  art,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
  art?: ReactNode;
}) {
  return (
    <section id={id} className="section border-b border-border">
      <div className={`container-page grid items-center gap-10 ${art ? "lg:grid-cols-[1.1fr_0.9fr]" : ""}`}>
        <div className="max-w-3xl">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="h-display mt-3">{title}</h1>
          <p className="lead mt-5">{lead}</p>
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
        {art && <div className="mx-auto w-full max-w-lg">{art}</div>}
      </div>
    </section>
  );
}

/** A titled page section with an eyebrow, an <h2> and an optional intro. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  alt = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`section ${alt ? "section-alt" : ""}`}>
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="h-section mt-2">
            {title}
          </h2>
          {intro && <p className="lead mt-4">{intro}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Where the enquiry form (built in the Enquiries issue) is placed at merge. */
export function FormPanel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card">
      <h2 id={`${id}-title`} className="h-card">
        {title}
      </h2>
      <p className="mt-2 text-muted">{intro}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}
