-- Insights without tracking (issue 24): counts per UK day, added to by every instance with
-- INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n. No visitor, address or user agent anywhere.
CREATE TABLE "insights_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "insights_referrers" (
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_referrers_day_domain_pk" PRIMARY KEY("day","domain")
);
--> statement-breakpoint
CREATE TABLE "insights_campaigns" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_campaigns_day_source_campaign_pk" PRIMARY KEY("day","source","campaign")
);
--> statement-breakpoint
CREATE TABLE "insights_funnel" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"stage" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_funnel_day_form_stage_pk" PRIMARY KEY("day","form","stage")
);
--> statement-breakpoint
CREATE TABLE "insights_enquiries" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"landing" text NOT NULL,
	"referrer" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_enquiries_day_form_landing_referrer_pk" PRIMARY KEY("day","form","landing","referrer")
);
--> statement-breakpoint
CREATE TABLE "insights_referrers_monthly" (
	"month" date NOT NULL,
	"domain" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_referrers_monthly_month_domain_pk" PRIMARY KEY("month","domain")
);
