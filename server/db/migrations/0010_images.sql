CREATE TABLE "images" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"format" text NOT NULL,
	"recipe" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "banner_key" text;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_key_images_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_thumbnail_key_images_key_fk" FOREIGN KEY ("thumbnail_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_image_key_images_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_thumbnail_key_images_key_fk" FOREIGN KEY ("thumbnail_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_logo_key_images_key_fk" FOREIGN KEY ("logo_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_banner_key_images_key_fk" FOREIGN KEY ("banner_key") REFERENCES "public"."images"("key") ON DELETE no action ON UPDATE no action;