CREATE TABLE "content_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"shop_id" integer,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"reporter_name" text NOT NULL,
	"reporter_email" text NOT NULL,
	"reporter_user_id" integer,
	"locale" text NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "shop_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"text" text,
	"text_hidden" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reviews_rating_range" CHECK ("shop_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "rating" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."decision" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_reviews_order_unique" ON "shop_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_reviews_shop_idx" ON "shop_reviews" USING btree ("shop_id","created_at","id") WHERE "shop_reviews"."removed_at" IS NULL;--> statement-breakpoint
-- Issue 37 (ADR 033): a shop's rating and reviews_count are its published reviews, never typed.
-- Every write to shop_reviews recomputes the shops it touched in the writer's own transaction, so
-- every query (lists, the index's cards, checkout) reads two columns and they cannot disagree.
CREATE FUNCTION "shop_reviews_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY[NEW.shop_id];
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY[OLD.shop_id];
  ELSE
    touched := ARRAY[OLD.shop_id, NEW.shop_id];
  END IF;
  UPDATE shops s
     SET rating = COALESCE(r.mean, 0), reviews_count = COALESCE(r.n, 0)
    FROM (SELECT id FROM shops WHERE id = ANY(touched)) t
    LEFT JOIN LATERAL (
      SELECT round(avg(sr.rating), 1) AS mean, count(*)::int AS n
        FROM shop_reviews sr
       WHERE sr.shop_id = t.id AND sr.removed_at IS NULL
    ) r ON true
   WHERE s.id = t.id
     AND (s.rating IS DISTINCT FROM COALESCE(r.mean, 0) OR s.reviews_count IS DISTINCT FROM COALESCE(r.n, 0));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shop_reviews_recount" AFTER INSERT OR DELETE OR UPDATE OF "rating", "removed_at", "shop_id" ON "shop_reviews" FOR EACH ROW EXECUTE FUNCTION "shop_reviews_recount"();--> statement-breakpoint
-- Ratings typed before reviews existed are not kept: every shop starts at its reviews (none yet).
UPDATE "shops" SET "rating" = 0, "reviews_count" = 0;
