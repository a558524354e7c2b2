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
CREATE TABLE "checklist_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"valor" text NOT NULL,
	"numero" double precision,
	"resultado" text,
	"observacao" text DEFAULT '' NOT NULL,
	"foto" text,
	"respondido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_answers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "checklist_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin_order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"follow_up_order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_follow_ups_follow_up_order_id_unique" UNIQUE("follow_up_order_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"versao" integer NOT NULL,
	"posicao" integer NOT NULL,
	"texto" text NOT NULL,
	"tipo" text NOT NULL,
	"unidade" text,
	"minimo" double precision,
	"maximo" double precision,
	"opcoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"obrigatorio" boolean DEFAULT false NOT NULL,
	"foto_obrigatoria" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipo_equipamento" text,
	"tipo_key" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"versao" integer NOT NULL,
	"nome" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_checklists_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"descricao" text NOT NULL,
	"unidade" text NOT NULL,
	"preco_venda_centavos" integer DEFAULT 0 NOT NULL,
	"controla_estoque" boolean DEFAULT true NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_unidade_ck" CHECK ("materials"."unidade" in ('un','m','kg','l','cx','pc')),
	CONSTRAINT "materials_preco_ck" CHECK ("materials"."preco_venda_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"material_id" integer NOT NULL,
	"quantidade_mil" integer NOT NULL,
	"preco_centavos" integer NOT NULL,
	"place_id" integer,
	"obs" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_materials_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"place_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantidade_mil" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_balances_place_id_material_id_pk" PRIMARY KEY("place_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"material_id" integer NOT NULL,
	"quantidade_mil" integer NOT NULL,
	"origem_id" integer,
	"destino_id" integer,
	"order_id" integer,
	"order_numero" integer,
	"motivo" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantidade_ck" CHECK ("stock_movements"."quantidade_mil" > 0),
	CONSTRAINT "stock_movements_tipo_ck" CHECK ("stock_movements"."tipo" in ('entrada','transferencia','ajuste','consumo','devolucao'))
);
--> statement-breakpoint
CREATE TABLE "stock_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"technician_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_places_tipo_ck" CHECK ("stock_places"."tipo" in ('almoxarifado','local','veiculo'))
);
--> statement-breakpoint
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
CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"evento" text NOT NULL,
	"order_id" integer,
	"os_numero" integer,
	"client_id" integer,
	"nome_cliente" text DEFAULT '' NOT NULL,
	"contact_id" integer,
	"recipient_user_id" integer,
	"destinatario" text NOT NULL,
	"destinatario_nome" text DEFAULT '' NOT NULL,
	"modelo_config" text NOT NULL,
	"modelo" text NOT NULL,
	"parametros" jsonb NOT NULL,
	"texto" text NOT NULL,
	"plano" text,
	"status" text DEFAULT 'Pendente' NOT NULL,
	"erro" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"enviar_apos" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"provedor" text,
	"provedor_id" text,
	"usuario" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"atualizado_em" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_status_ck" CHECK ("whatsapp_messages"."status" in ('Pendente','Enviado','Entregue','Lido','Falha','Substituída'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "orcamento_id" integer;--> statement-breakpoint
ALTER TABLE "portal_contacts" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "portal_contacts" ADD COLUMN "aceita_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "aceita_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_answers" ADD CONSTRAINT "checklist_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_answers" ADD CONSTRAINT "checklist_answers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_answers" ADD CONSTRAINT "checklist_answers_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_follow_ups" ADD CONSTRAINT "checklist_follow_ups_origin_order_id_orders_id_fk" FOREIGN KEY ("origin_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_follow_ups" ADD CONSTRAINT "checklist_follow_ups_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_follow_ups" ADD CONSTRAINT "checklist_follow_ups_follow_up_order_id_orders_id_fk" FOREIGN KEY ("follow_up_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checklists" ADD CONSTRAINT "order_checklists_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checklists" ADD CONSTRAINT "order_checklists_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checklists" ADD CONSTRAINT "order_checklists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_place_id_stock_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."stock_places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_place_id_stock_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."stock_places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_origem_id_stock_places_id_fk" FOREIGN KEY ("origem_id") REFERENCES "public"."stock_places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_destino_id_stock_places_id_fk" FOREIGN KEY ("destino_id") REFERENCES "public"."stock_places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_places" ADD CONSTRAINT "stock_places_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_closing_id_closings_id_fk" FOREIGN KEY ("closing_id") REFERENCES "public"."closings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_settings" ADD CONSTRAINT "pix_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_equipamento_id_equipment_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_notices_pending_idx" ON "agenda_notices" USING btree ("pending_since");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_answers_order_item_uq" ON "checklist_answers" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE INDEX "checklist_answers_item_idx" ON "checklist_answers" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_follow_ups_item_uq" ON "checklist_follow_ups" USING btree ("origin_order_id","item_id");--> statement-breakpoint
CREATE INDEX "checklist_items_template_idx" ON "checklist_items" USING btree ("template_id","versao","posicao");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_nome_uq" ON "checklist_templates" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_ativo_tipo_uq" ON "checklist_templates" USING btree (coalesce("tipo_key", '')) WHERE "checklist_templates"."ativo";--> statement-breakpoint
CREATE UNIQUE INDEX "materials_codigo_lower_uq" ON "materials" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "order_materials_order_idx" ON "order_materials" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_materials_material_idx" ON "order_materials" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_balances_material_idx" ON "stock_balances" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("material_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_origem_idx" ON "stock_movements" USING btree ("origem_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_destino_idx" ON "stock_movements" USING btree ("destino_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_places_nome_lower_uq" ON "stock_places" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_places_technician_uq" ON "stock_places" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "pix_charges_status_idx" ON "pix_charges" USING btree ("status","vencimento");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_decisions_version_uq" ON "quote_decisions" USING btree ("quote_id","versao");--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","posicao");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_chave_uq" ON "whatsapp_messages" USING btree ("chave");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("enviar_apos") WHERE "whatsapp_messages"."status" = 'Pendente';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_provedor_idx" ON "whatsapp_messages" USING btree ("provedor_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","evento");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_idx" ON "whatsapp_messages" USING btree ("created_at");