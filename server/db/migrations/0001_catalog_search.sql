-- pg_trgm (contrib; a trusted extension since PostgreSQL 13) backs the search_text trigram index (ADR 046).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "effective_price" numeric(12, 2) GENERATED ALWAYS AS (CASE WHEN discount_price > 0 THEN discount_price ELSE price END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "flash_sale_products_product_idx" ON "flash_sale_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_colors_color_idx" ON "product_colors" USING btree ("color_id","product_id");--> statement-breakpoint
CREATE INDEX "product_sizes_size_idx" ON "product_sizes" USING btree ("size_id","product_id");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ("effective_price");--> statement-breakpoint
CREATE INDEX "products_total_sold_idx" ON "products" USING btree ("total_sold" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_season_idx" ON "products" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "products_quality_idx" ON "products" USING btree ("quality_id");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);