-- Issue 36 (ADR 030): honest discounts. Every product's price history, and the prior price of
-- every announced reduction — the lowest price the product sold at in the 30 days before the
-- reduction started (HG 947/2000 art. 4^1, Directive 98/6/EC art. 6a) — kept by triggers, so
-- every writer (the operator command, the development route, a future seller screen, the seed)
-- keeps them alike and lists read them as plain columns.
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount_price" numeric(12, 2) NOT NULL,
	"effective_price" numeric(12, 2) GENERATED ALWAYS AS (CASE WHEN discount_price > 0 THEN discount_price ELSE price END) STORED NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flash_sale_products" ADD COLUMN "prior_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prior_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reduction_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","changed_at");--> statement-breakpoint
-- The time a price change is recorded at: now(), unless a writer replaying the past (the seed,
-- tests) sets talcioc.price_clock for its transaction (set_config(..., true)).
CREATE FUNCTION "price_clock"() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('talcioc.price_clock', true), '')::timestamptz, now())
$$;--> statement-breakpoint
-- The lowest price a product sold at in [p_from, p_to): the price in effect at p_from, every price
-- it had after, and every flash-sale price it had during those days. NULL when it was not listed.
CREATE FUNCTION "lowest_selling_price"(p_product integer, p_from timestamptz, p_to timestamptz) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT min(price) FROM (
    (SELECT h.effective_price AS price FROM price_history h
      WHERE h.product_id = p_product AND h.changed_at <= p_from ORDER BY h.changed_at DESC, h.id DESC LIMIT 1)
    UNION ALL
    SELECT h.effective_price FROM price_history h
      WHERE h.product_id = p_product AND h.changed_at > p_from AND h.changed_at < p_to
    UNION ALL
    SELECT fsp.sale_price FROM flash_sale_products fsp JOIN flash_sales fs ON fs.id = fsp.flash_sale_id
      WHERE fsp.product_id = p_product AND fsp.sale_price > 0 AND fs.starts_at < p_to AND fs.ends_at > p_from
  ) AS prices
$$;--> statement-breakpoint
-- products.prior_price / reduction_started_at, on every insert and update (only this trigger
-- sets them). A lower price starts a reduction when it is below the lowest price of the 30 days
-- before (since listing when listed for less); further steps down keep the price before the first
-- step and the start; a price back at or above the prior price ends it. A new listing's first
-- price is never a reduction (nothing sold before it).
CREATE FUNCTION "products_keep_price_reduction"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := price_clock();
  new_price numeric := CASE WHEN NEW.discount_price > 0 THEN NEW.discount_price ELSE NEW.price END;
  old_price numeric;
  lowest numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.prior_price := NULL;
    NEW.reduction_started_at := NULL;
    RETURN NEW;
  END IF;
  old_price := CASE WHEN OLD.discount_price > 0 THEN OLD.discount_price ELSE OLD.price END;
  IF new_price = old_price OR (OLD.prior_price IS NOT NULL AND new_price < OLD.prior_price) THEN
    NEW.prior_price := OLD.prior_price;
    NEW.reduction_started_at := OLD.reduction_started_at;
    RETURN NEW;
  END IF;
  NEW.prior_price := NULL;
  NEW.reduction_started_at := NULL;
  IF OLD.prior_price IS NULL AND new_price < old_price THEN
    lowest := lowest_selling_price(NEW.id, at - interval '30 days', at);
    IF lowest IS NOT NULL AND new_price < lowest THEN
      NEW.prior_price := lowest;
      NEW.reduction_started_at := at;
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- A history row per change of price or discount price (the listing's first at created_at); a
-- changed selling price refreshes the prior price of the sales the product is in that have not
-- started yet.
CREATE FUNCTION "products_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO price_history (product_id, price, discount_price, changed_at) VALUES (NEW.id, NEW.price, NEW.discount_price, NEW.created_at);
  ELSIF NEW.price IS DISTINCT FROM OLD.price OR NEW.discount_price IS DISTINCT FROM OLD.discount_price THEN
    INSERT INTO price_history (product_id, price, discount_price, changed_at) VALUES (NEW.id, NEW.price, NEW.discount_price, price_clock());
    IF NEW.effective_price IS DISTINCT FROM OLD.effective_price THEN
      UPDATE flash_sale_products fsp SET prior_price = NULL FROM flash_sales fs
        WHERE fs.id = fsp.flash_sale_id AND fsp.product_id = NEW.id AND fs.starts_at > price_clock();
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- flash_sale_products.prior_price: the lowest price in the 30 days before the sale starts,
-- computed on every insert and update (only this trigger sets it).
CREATE FUNCTION "flash_sale_products_set_prior_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz;
BEGIN
  SELECT fs.starts_at INTO starts FROM flash_sales fs WHERE fs.id = NEW.flash_sale_id;
  NEW.prior_price := lowest_selling_price(NEW.product_id, starts - interval '30 days', starts);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "flash_sales_refresh_prior_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flash_sale_products SET prior_price = NULL WHERE flash_sale_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Products listed before this migration: their price as their listing's (the only price known).
INSERT INTO "price_history" ("product_id", "price", "discount_price", "changed_at")
  SELECT "id", "price", "discount_price", "created_at" FROM "products";--> statement-breakpoint
CREATE TRIGGER "products_price_reduction" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_keep_price_reduction"();--> statement-breakpoint
CREATE TRIGGER "products_price_history" AFTER INSERT OR UPDATE OF "price", "discount_price" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_record_price"();--> statement-breakpoint
CREATE TRIGGER "flash_sale_products_prior_price" BEFORE INSERT OR UPDATE ON "flash_sale_products" FOR EACH ROW EXECUTE FUNCTION "flash_sale_products_set_prior_price"();--> statement-breakpoint
CREATE TRIGGER "flash_sales_prior_prices" AFTER UPDATE OF "starts_at" ON "flash_sales" FOR EACH ROW EXECUTE FUNCTION "flash_sales_refresh_prior_prices"();--> statement-breakpoint
UPDATE "flash_sale_products" SET "prior_price" = NULL;
