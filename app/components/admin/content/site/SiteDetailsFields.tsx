import { SITE_DETAILS_LABELS as L } from "@common/content/site-content/messages";
import { SITE_DETAILS_LIMITS } from "@common/content/site-content/site-details";
import { type SiteDetails, SOCIAL_NETWORKS } from "@common/content/site-content/site-details-defaults";
import type { DocumentFieldsProps } from "~/components/admin/content/site-content/DocumentEditor";
import { DetailsField, FieldGroup } from "./DetailsField";
import { OpeningHoursFields } from "./OpeningHoursFields";
import { SpecialDaysFields } from "./SpecialDaysFields";

const { text, url } = SITE_DETAILS_LIMITS;

/** The site details' form: the company, its address and contacts, links, opening hours and special days. */
export function SiteDetailsFields(props: DocumentFieldsProps) {
  const details = props.value as SiteDetails;
  return (
    <>
      <FieldGroup legend={L.company}>
        <DetailsField {...props} path="name" label={L.name} maxLength={text} />
        <DetailsField {...props} path="legalName" label={L.legalName} maxLength={text} />
      </FieldGroup>
      <FieldGroup legend={L.address}>
        <DetailsField {...props} path="address.street" label={L.street} maxLength={text} />
        <DetailsField {...props} path="address.locality" label={L.locality} maxLength={text} />
        <DetailsField
          {...props}
          path="address.postcode"
          label={L.postcode}
          maxLength={10}
          className="max-w-40"
        />
        <DetailsField {...props} path="address.country" label={L.country} maxLength={60} />
      </FieldGroup>
      <FieldGroup legend={L.contact}>
        <DetailsField {...props} path="phone" label={L.phone} type="tel" maxLength={20} />
        <DetailsField {...props} path="email" label={L.email} type="email" maxLength={text} />
        <DetailsField
          {...props}
          path="wasteCarrierRegistration"
          label={L.wasteCarrierRegistration}
          maxLength={12}
        />
      </FieldGroup>
      <FieldGroup legend={L.social} hint={L.socialHint}>
        {SOCIAL_NETWORKS.map((network) => (
          <DetailsField
            key={network}
            {...props}
            path={`social.${network}`}
            label={L[network]}
            type="url"
            maxLength={url}
          />
        ))}
      </FieldGroup>
      <FieldGroup legend={L.reviews}>
        <DetailsField {...props} path="reviews.write" label={L.reviewWrite} type="url" maxLength={url} />
        <DetailsField {...props} path="reviews.read" label={L.reviewRead} type="url" maxLength={url} />
      </FieldGroup>
      <OpeningHoursFields {...props} hours={details.hours} />
      <SpecialDaysFields {...props} days={details.specialDays ?? []} />
    </>
  );
}
