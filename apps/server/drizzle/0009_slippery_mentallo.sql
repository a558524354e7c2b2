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
CREATE UNIQUE INDEX "checklist_answers_order_item_uq" ON "checklist_answers" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE INDEX "checklist_answers_item_idx" ON "checklist_answers" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_follow_ups_item_uq" ON "checklist_follow_ups" USING btree ("origin_order_id","item_id");--> statement-breakpoint
CREATE INDEX "checklist_items_template_idx" ON "checklist_items" USING btree ("template_id","versao","posicao");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_nome_uq" ON "checklist_templates" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_ativo_tipo_uq" ON "checklist_templates" USING btree (coalesce("tipo_key", '')) WHERE "checklist_templates"."ativo";