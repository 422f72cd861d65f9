-- Issue 36 (ADR 031): the trader identity of every shop (a shop without it is not listed: its
-- products' shop_listed, which every list index is partial on), each product's condition with its
-- notes, and the product safety information (manufacturers, identifier, warnings).
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text NOT NULL,
	"eu_responsible_name" text,
	"eu_responsible_address" text,
	"eu_responsible_email" text,
	CONSTRAINT "manufacturers_eu_responsible" CHECK ("manufacturers"."country_code" IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO') OR ("manufacturers"."eu_responsible_name" IS NOT NULL AND "manufacturers"."eu_responsible_address" IS NOT NULL AND "manufacturers"."eu_responsible_email" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "products_list_newest_idx";--> statement-breakpoint
DROP INDEX "products_list_price_idx";--> statement-breakpoint
DROP INDEX "products_list_sold_idx";--> statement-breakpoint
DROP INDEX "products_list_category_idx";--> statement-breakpoint
DROP INDEX "products_list_id_idx";--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shop_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "condition_notes" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_identifier" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_warnings" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_legal_name" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_cui" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_registration_number" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_address" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_email" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_phone" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "trader_listed" boolean GENERATED ALWAYS AS (trader_legal_name IS NOT NULL AND trader_cui IS NOT NULL AND trader_registration_number IS NOT NULL AND trader_address IS NOT NULL AND trader_email IS NOT NULL AND trader_phone IS NOT NULL AND trader_certified_at IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Products that existed before: the condition follows the filter set's "quality" where it says
-- one; the others are described as "good" with a note that the seller did not describe them.
UPDATE "products" p SET "condition" = CASE o.name
    WHEN 'Nou cu etichetă' THEN 'new_with_tags' WHEN 'Ca nou' THEN 'new_without_tags' WHEN 'Foarte bun' THEN 'very_good' ELSE 'good' END,
  "condition_notes" = CASE WHEN o.name IN ('Nou cu etichetă', 'Ca nou', 'Foarte bun') THEN NULL
    ELSE 'Starea nu a fost descrisă în detaliu de vânzător; vezi fotografiile și descrierea.' END
  FROM "products" q LEFT JOIN "attribute_options" o ON o.id = q.quality_id WHERE q.id = p.id;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "condition" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","condition","quantity","effective_price","price","total_sold") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("effective_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","condition","quantity","price","total_sold") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
CREATE INDEX "products_list_sold_idx" ON "products" USING btree ("total_sold" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","condition","quantity","effective_price","price") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
CREATE INDEX "products_list_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"shop_id","season_id","quality_id","condition","quantity","effective_price","price","total_sold") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
CREATE INDEX "products_list_id_idx" ON "products" USING btree ("id","created_at","category_id","shop_id","season_id","quality_id","condition","quantity","effective_price","price","total_sold") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."is_active" AND "products"."shop_listed";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_condition_valid" CHECK ("products"."condition" IN ('new_with_tags', 'new_without_tags', 'very_good', 'good', 'satisfactory'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_condition_notes_required" CHECK ("products"."condition" NOT IN ('good', 'satisfactory') OR length(btrim(coalesce("products"."condition_notes", ''))) > 0);--> statement-breakpoint
-- A product is listed only while its shop is (issue 36): shop_listed copies shops.trader_listed,
-- on every product written and on every change of a shop's identity. The products' own trigger
-- (migration 0011) then logs each changed product, so every catalog index follows.
CREATE FUNCTION "products_copy_shop_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.trader_listed INTO NEW.shop_listed FROM shops s WHERE s.id = NEW.shop_id;
  NEW.shop_listed := coalesce(NEW.shop_listed, false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_shop_listed" BEFORE INSERT OR UPDATE OF "shop_id", "shop_listed" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_copy_shop_listed"();--> statement-breakpoint
CREATE FUNCTION "shops_spread_trader_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET shop_listed = NEW.trader_listed WHERE shop_id = NEW.id AND shop_listed IS DISTINCT FROM NEW.trader_listed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shops_trader_listed" AFTER UPDATE ON "shops" FOR EACH ROW WHEN (OLD.trader_listed IS DISTINCT FROM NEW.trader_listed) EXECUTE FUNCTION "shops_spread_trader_listed"();--> statement-breakpoint
UPDATE "products" p SET "shop_listed" = s.trader_listed FROM "shops" s WHERE s.id = p.shop_id;