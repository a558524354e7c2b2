CREATE TABLE "order_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"contact_id" integer,
	"contato_nome" text NOT NULL,
	"contato_email" text NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"motivo" text,
	"assinatura" text,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"versao" text NOT NULL,
	"codigo_pdf" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_decisions_tipo_ck" CHECK ("order_decisions"."tipo" in ('aprovacao','contestacao'))
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"contact_id" integer,
	"contato_nome" text NOT NULL,
	"technician_id" integer,
	"nota" integer NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_nota_ck" CHECK ("order_ratings"."nota" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_decisions" ADD CONSTRAINT "order_decisions_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_decisions_version_uq" ON "order_decisions" USING btree ("order_id","versao");--> statement-breakpoint
CREATE UNIQUE INDEX "order_ratings_order_uq" ON "order_ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_ratings_technician_idx" ON "order_ratings" USING btree ("technician_id");