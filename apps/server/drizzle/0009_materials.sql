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
CREATE UNIQUE INDEX "materials_codigo_lower_uq" ON "materials" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "order_materials_order_idx" ON "order_materials" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_materials_material_idx" ON "order_materials" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_balances_material_idx" ON "stock_balances" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_idx" ON "stock_movements" USING btree ("material_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_origem_idx" ON "stock_movements" USING btree ("origem_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_destino_idx" ON "stock_movements" USING btree ("destino_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_places_nome_lower_uq" ON "stock_places" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_places_technician_uq" ON "stock_places" USING btree ("technician_id");