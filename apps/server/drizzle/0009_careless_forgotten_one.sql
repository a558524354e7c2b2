CREATE TABLE "agenda_notices" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"pending_since" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"changed_by" jsonb NOT NULL,
	"told_technician" jsonb,
	"told_client" jsonb
);
--> statement-breakpoint
CREATE INDEX "agenda_notices_pending_idx" ON "agenda_notices" USING btree ("pending_since");