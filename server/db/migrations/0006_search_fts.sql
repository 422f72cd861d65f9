CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"phrases" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 1)), 'A') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 2)), 'B') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 3)), 'C') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 4) || ' ' || split_part(search_text, chr(10), 5)), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."is_active";--> statement-breakpoint
-- Synonym groups shoppers use (issue #13): data, editable without code (ADR 046). Phrases as typed; the server folds them.
INSERT INTO "search_synonyms" ("phrases") VALUES
  ('{adidași,pantofi sport,sneakers}'),
  ('{geacă,jachetă}'),
  ('{blugi,jeanși,jeans}'),
  ('{hanorac,hoodie}'),
  ('{telefon,smartphone,telefon mobil}'),
  ('{pulover,sweater}'),
  ('{laptop,notebook}'),
  ('{căști,headphones}'),
  ('{geantă,poșetă}'),
  ('{bicicletă,bicla}'),
  ('{boxă,difuzor}'),
  ('{rucsac,ghiozdan}'),
  ('{smartwatch,ceas inteligent}'),
  ('{căciulă,fes}');
