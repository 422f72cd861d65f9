-- Issue 36: the product page is kept per instance beside the cards (server/catalog-index/sync.ts,
-- ADR 037), dropped through the change log of migration 0011. The page also shows a product's
-- pictures, its category and its manufacturer's safety information: their writes are logged
-- too (a picture: its product; a category or a manufacturer: NULL, every card and page is read
-- again — both change rarely).
CREATE TRIGGER "product_images_catalog_change" AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH ROW EXECUTE FUNCTION "catalog_note_product_change"();--> statement-breakpoint
CREATE TRIGGER "categories_catalog_change" AFTER UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();--> statement-breakpoint
CREATE TRIGGER "manufacturers_catalog_change" AFTER UPDATE OR DELETE ON "manufacturers" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_note_sale_change"();
