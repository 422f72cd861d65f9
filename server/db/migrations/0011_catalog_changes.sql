-- Issue #13: the change log every instance's in-process catalog index follows
-- (server/catalog-index/, ADR 041). Every write that can change what a product list selects, how
-- it orders or what its cards show — a product row, its sizes, colours or videos, a flash sale or
-- its prices, a shop's name, an option's name — appends a row here in the writer's own
-- transaction, whatever code made it. NULL product_id: something many cards show changed (sale
-- prices are read again, every card is read again).
CREATE TABLE "catalog_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "catalog_changes_changed_at_idx" ON "catalog_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE FUNCTION "catalog_note_product_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    INSERT INTO catalog_changes (product_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    INSERT INTO catalog_changes (product_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "catalog_note_sale_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (product_id) VALUES (NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "catalog_note_product_change"();--> statement-breakpoint
CREATE TRIGGER "product_sizes_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "product_sizes" FOR EACH ROW EXECUTE FUNCTION "catalog_note_product_change"();--> statement-breakpoint
CREATE TRIGGER "product_colors_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "product_colors" FOR EACH ROW EXECUTE FUNCTION "catalog_note_product_change"();--> statement-breakpoint
CREATE TRIGGER "product_videos_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "product_videos" FOR EACH ROW EXECUTE FUNCTION "catalog_note_product_change"();--> statement-breakpoint
CREATE TRIGGER "shops_catalog_change" AFTER UPDATE OR DELETE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();--> statement-breakpoint
CREATE TRIGGER "attribute_options_catalog_change" AFTER UPDATE OR DELETE ON "attribute_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();--> statement-breakpoint
CREATE TRIGGER "flash_sales_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "flash_sales" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();--> statement-breakpoint
CREATE TRIGGER "flash_sale_products_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "flash_sale_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();
