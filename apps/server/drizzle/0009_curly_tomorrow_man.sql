CREATE TABLE "pix_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"closing_id" integer NOT NULL,
	"txid" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"vencimento" date NOT NULL,
	"payload" text NOT NULL,
	"modo" text DEFAULT 'estatica' NOT NULL,
	"location" text,
	"status" text DEFAULT 'Em aberto' NOT NULL,
	"paga_em" date,
	"paga_por" text,
	"motivo_cancelamento" text,
	"cancelada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_closing_id_unique" UNIQUE("closing_id"),
	CONSTRAINT "pix_charges_txid_unique" UNIQUE("txid"),
	CONSTRAINT "pix_charges_status_ck" CHECK ("pix_charges"."status" in ('Em aberto','Paga','Cancelada')),
	CONSTRAINT "pix_charges_valor_ck" CHECK ("pix_charges"."valor_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"cidade" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"contact_id" integer,
	"contato_nome" text NOT NULL,
	"contato_email" text NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"motivo" text,
	"assinatura" text,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"versao" integer NOT NULL,
	"codigo_pdf" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_decisions_tipo_ck" CHECK ("quote_decisions"."tipo" in ('aprovacao','recusa'))
);
--> statement-breakpoint
CREATE TABLE "quote_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"posicao" integer NOT NULL,
	"tipo" text NOT NULL,
	"material_id" integer,
	"descricao" text NOT NULL,
	"quantidade_milli" integer NOT NULL,
	"valor_unitario_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	CONSTRAINT "quote_items_tipo_ck" CHECK ("quote_items"."tipo" in ('servico','material')),
	CONSTRAINT "quote_items_values_ck" CHECK ("quote_items"."quantidade_milli" > 0 and "quote_items"."valor_unitario_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"client_id" integer NOT NULL,
	"equipamento_id" integer,
	"validade" date NOT NULL,
	"status" text DEFAULT 'Rascunho' NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"subtotal_centavos" integer NOT NULL,
	"desconto_centavos" integer DEFAULT 0 NOT NULL,
	"total_centavos" integer NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"condicoes" text DEFAULT '' NOT NULL,
	"enviado_em" timestamp with time zone,
	"codigo_enviado" text,
	"order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_numero_unique" UNIQUE("numero"),
	CONSTRAINT "quotes_status_ck" CHECK ("quotes"."status" in ('Rascunho','Enviado','Aprovado','Recusado','Convertido')),
	CONSTRAINT "quotes_total_ck" CHECK ("quotes"."total_centavos" >= 0 and "quotes"."desconto_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "orcamento_id" integer;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_closing_id_closings_id_fk" FOREIGN KEY ("closing_id") REFERENCES "public"."closings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_settings" ADD CONSTRAINT "pix_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_equipamento_id_equipment_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_status_idx" ON "pix_charges" USING btree ("status","vencimento");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_decisions_version_uq" ON "quote_decisions" USING btree ("quote_id","versao");--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","posicao");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");