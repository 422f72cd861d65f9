ALTER TABLE "images" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Ticket attachments stored before issue 38 become private to their ticket's owner (their
-- variants were served to anyone). An image that is also someone's profile photo stays public.
UPDATE "images" AS i SET "owner_id" = a."user_id"
  FROM "support_attachments" AS a
 WHERE a."storage_key" = i."key" || '.' || i."format"
   AND i."recipe" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "users" AS u WHERE u."profile_photo" = i."key" || '.' || i."format");
