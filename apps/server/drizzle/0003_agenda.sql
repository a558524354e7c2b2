ALTER TABLE "orders" ADD COLUMN "agenda_inicio" timestamp;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agenda_fim" timestamp;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agenda_sequencia" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_agenda_idx" ON "orders" USING btree ("technician_id","agenda_inicio") WHERE "orders"."agenda_inicio" is not null;--> statement-breakpoint
CREATE INDEX "orders_agenda_inicio_idx" ON "orders" USING btree ("agenda_inicio") WHERE "orders"."agenda_inicio" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agenda_ck" CHECK (("orders"."agenda_inicio" is null) = ("orders"."agenda_fim" is null) and ("orders"."agenda_fim" is null or "orders"."agenda_fim" > "orders"."agenda_inicio"));