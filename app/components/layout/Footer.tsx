import { addressLine, openingHoursText } from "@common/content/site-content/opening-hours";
import { Link } from "react-router";
import { FOOTER_LINKS } from "~/content/navigation";
import { useFooterWords, useSiteDetails, useSiteMenu } from "~/lib/content/site-details";
import { Logo } from "../art/LogoMark";
import { SocialIcon, type SocialNetwork } from "../art/SocialIcons";
import { OpenNow } from "../OpenNow";
import { ReviewWidget } from "../widgets/ReviewWidget";

const SOCIAL: { network: SocialNetwork; label: string }[] = [
  { network: "facebook", label: "Facebook" },
  { network: "instagram", label: "Instagram" },
  { network: "linkedin", label: "LinkedIn" },
  { network: "youtube", label: "YouTube" },
];

/**
 * The site footer, from the published site details; its links are the fixed six, then the pages the
 * office added (the 'Menu' screen). E-mail and phone are shown as text, not links.
 * `openNow`: the sentence to show instead of the served one (the admin's Preview).
 */
export function Footer({ openNow }: { openNow?: string }) {
  const site = useSiteDetails();
  const words = useFooterWords();
  const added = useSiteMenu().footer;
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <Link to="/" className="self-start rounded-lg">
            <Logo />
          </Link>
          <address className="text-sm text-muted not-italic">{addressLine(site)}</address>
          <ul className="flex gap-1" aria-label="Social media">
            {SOCIAL.filter(({ network }) => site.social[network]).map(({ network, label }) => (
              <li key={network}>
                <a
                  href={site.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="icon-btn border border-border"
                >
                  <SocialIcon network={network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 text-sm font-bold tracking-wider text-muted uppercase">{words.exploreTitle}</h2>
          <ul className="flex flex-col gap-2">
            {FOOTER_LINKS.map((link, i) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand hover:underline">
                  {words.links[i]?.label ?? link.label}
                </Link>
              </li>
            ))}
            {added.map((link) => (
              <li key={link.address}>
                <a href={link.address} className="hover:text-brand hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wider text-muted uppercase">{words.contactTitle}</h2>
          <p className="text-sm">
            {words.emailLabel} <span className="font-semibold">{site.email}</span>
          </p>
          <p className="mt-1 text-sm">
            {words.phoneLabel} <span className="font-semibold">{site.phone}</span>
          </p>
          <p className="mt-1 text-sm text-muted">{openingHoursText(site.hours)}</p>
          <p className="mt-1 text-sm font-semibold">
            <OpenNow details={site} fixed={openNow} />
          </p>
        </div>
        <div className="flex flex-col gap-3">
          <h2 className="text-sm font-bold tracking-wider text-muted uppercase">{words.reviewsTitle}</h2>
          <ReviewWidget />
          <a
            href={site.reviews.write}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-ghost self-start text-sm"
          >
            {words.reviewAction}
          </a>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="container-page py-4 text-sm text-muted">
          {site.legalName} · {words.copyright} ·{" "}
          <Link to="/legal/privacy-policy" className="underline">
            {words.privacyLink}
          </Link>
        </p>
      </div>
    </footer>
  );
}
