DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_effective_price_idx";--> statement-breakpoint
DROP INDEX "products_total_sold_idx";--> statement-breakpoint
DROP INDEX "products_season_idx";--> statement-breakpoint
DROP INDEX "products_quality_idx";--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","quantity","effective_price","price","total_sold") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("effective_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","quantity","price","total_sold") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_sold_idx" ON "products" USING btree ("total_sold" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","shop_id","season_id","quality_id","quantity","effective_price","price") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"shop_id","season_id","quality_id","quantity","effective_price","price","total_sold") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_id_idx" ON "products" USING btree ("id","created_at","category_id","shop_id","season_id","quality_id","quantity","effective_price","price","total_sold") WHERE "products"."is_active";