CREATE TABLE "withdrawal_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "withdrawal_items_quantity_positive" CHECK ("withdrawal_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"before_shipping" boolean NOT NULL,
	"items_amount" numeric(12, 2) NOT NULL,
	"delivery_refund" numeric(12, 2) DEFAULT 0 NOT NULL,
	"refund_amount" numeric(12, 2) NOT NULL,
	"return_tracking" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_due_at" timestamp with time zone NOT NULL,
	"return_shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_items_withdrawal_idx" ON "withdrawal_items" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawal_items_order_item_idx" ON "withdrawal_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id","id");