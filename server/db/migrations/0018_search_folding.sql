CREATE TABLE "search_folding" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
-- No row yet: the first server start writes every product's search_text with the folding of issue 40 (word forms → lemma) and records its version.
