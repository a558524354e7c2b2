CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"fabricante" text DEFAULT '' NOT NULL,
	"modelo" text DEFAULT '' NOT NULL,
	"numero_serie" text NOT NULL,
	"local" text DEFAULT '' NOT NULL,
	"data_instalacao" date,
	"periodicidade_meses" integer,
	"proxima_manutencao" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"obs" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_periodicidade_ck" CHECK ("equipment"."periodicidade_meses" is null or ("equipment"."periodicidade_meses" between 1 and 120))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preventiva" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "equipamento_id" integer;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_fabricante_serie_uq" ON "equipment" USING btree (lower("fabricante"),lower("numero_serie"));--> statement-breakpoint
CREATE INDEX "equipment_client_idx" ON "equipment" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "equipment_proxima_idx" ON "equipment" USING btree ("proxima_manutencao") WHERE "equipment"."ativo" and "equipment"."periodicidade_meses" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_equipamento_id_equipment_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_equipamento_idx" ON "orders" USING btree ("equipamento_id") WHERE "orders"."equipamento_id" is not null;