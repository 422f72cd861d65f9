CREATE TABLE "stored_files" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_kind_name_pk" PRIMARY KEY("kind","name")
);
