CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"order_id" integer,
	"action" text NOT NULL,
	"user_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" integer NOT NULL,
	"razao" text NOT NULL,
	"fantasia" text DEFAULT '' NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"cep" varchar(8) DEFAULT '' NOT NULL,
	"endereco" text DEFAULT '' NOT NULL,
	"bairro" text DEFAULT '' NOT NULL,
	"cidade" text DEFAULT '' NOT NULL,
	"estado" varchar(2) DEFAULT '' NOT NULL,
	"contato" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"fone" text DEFAULT '' NOT NULL,
	"percentual" numeric(8, 4) DEFAULT '1.35' NOT NULL,
	"obs" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "clients_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "closing_orders" (
	"closing_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "closing_orders_closing_id_order_id_pk" PRIMARY KEY("closing_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"status" text DEFAULT 'Fechado' NOT NULL,
	"total_centavos" integer DEFAULT 0 NOT NULL,
	"figures" jsonb NOT NULL,
	"pdf_file" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "closings_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"cnpj" varchar(14) DEFAULT '' NOT NULL,
	"ie" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" date NOT NULL,
	"descricao" text NOT NULL,
	"imagem" text,
	CONSTRAINT "descriptions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "expense_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"despesa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" date NOT NULL,
	"docnr" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"descricao" text NOT NULL,
	"expense_type_id" integer NOT NULL,
	"imagem" text,
	CONSTRAINT "expenses_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"data" date NOT NULL,
	"client_id" integer NOT NULL,
	"responsavel" text DEFAULT '' NOT NULL,
	"cidade" text DEFAULT '' NOT NULL,
	"technician_id" integer,
	"equipamento" text DEFAULT '' NOT NULL,
	"nr_peca" text DEFAULT '' NOT NULL,
	"nr_serie" text DEFAULT '' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Aberto' NOT NULL,
	"end_date" date,
	"pdf_file" text,
	"pdfcompleto_file" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_numero_unique" UNIQUE("numero"),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('Aberto','Andamento','Concluído','Fechado'))
);
--> statement-breakpoint
CREATE TABLE "outbound_trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dataida" date NOT NULL,
	"saidaida" time NOT NULL,
	"chegadaida" time NOT NULL,
	"duracao_min" integer NOT NULL,
	"kmida" numeric(10, 1) NOT NULL,
	"obsida" text DEFAULT '' NOT NULL,
	CONSTRAINT "outbound_trips_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "return_trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"datavolta" date NOT NULL,
	"saidavolta" time NOT NULL,
	"chegadavolta" time NOT NULL,
	"tempo_espera_min" integer DEFAULT 0 NOT NULL,
	"duracao_min" integer NOT NULL,
	"kmvolta" numeric(10, 1) NOT NULL,
	"obsvolta" text DEFAULT '' NOT NULL,
	CONSTRAINT "return_trips_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"numero" text NOT NULL,
	"email" text NOT NULL,
	"nome_cliente" text DEFAULT '' NOT NULL,
	"client_id" integer,
	"user_id" integer,
	"usuario" text NOT NULL,
	"subject" text NOT NULL,
	"mensagem" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"erro" text,
	"anexo_file" text,
	"anexo_hash" text,
	"data_envio" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dataservico" date NOT NULL,
	"feriado" boolean DEFAULT false NOT NULL,
	"entradaservico" time NOT NULL,
	"saidaservico" time NOT NULL,
	"intervalo_min" integer DEFAULT 0 NOT NULL,
	"duracao_min" integer NOT NULL,
	CONSTRAINT "service_entries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_by" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imagem" text NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatures_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "system_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"inicio" time NOT NULL,
	"fim" time NOT NULL,
	"valor_centavos" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_parameters_tipo_unique" UNIQUE("tipo")
);
--> statement-breakpoint
CREATE TABLE "uploaded_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_documents_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome_completo" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('admin','user','tec'))
);
--> statement-breakpoint
ALTER TABLE "closing_orders" ADD CONSTRAINT "closing_orders_closing_id_closings_id_fk" FOREIGN KEY ("closing_id") REFERENCES "public"."closings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_orders" ADD CONSTRAINT "closing_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closings" ADD CONSTRAINT "closings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descriptions" ADD CONSTRAINT "descriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descriptions" ADD CONSTRAINT "descriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_type_id_expense_types_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_trips" ADD CONSTRAINT "outbound_trips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_trips" ADD CONSTRAINT "outbound_trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_trips" ADD CONSTRAINT "return_trips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_trips" ADD CONSTRAINT "return_trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "clients_razao_lower_idx" ON "clients" USING btree (lower("razao"));--> statement-breakpoint
CREATE INDEX "closing_orders_order_idx" ON "closing_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "descriptions_order_idx" ON "descriptions" USING btree ("order_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_types_despesa_lower_uq" ON "expense_types" USING btree (lower("despesa"));--> statement-breakpoint
CREATE INDEX "expenses_order_idx" ON "expenses" USING btree ("order_id","data");--> statement-breakpoint
CREATE INDEX "expenses_type_idx" ON "expenses" USING btree ("expense_type_id");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "orders_status_numero_idx" ON "orders" USING btree ("status","numero");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_technician_idx" ON "orders" USING btree ("technician_id","status");--> statement-breakpoint
CREATE INDEX "orders_data_idx" ON "orders" USING btree ("data");--> statement-breakpoint
CREATE INDEX "outbound_trips_order_idx" ON "outbound_trips" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "return_trips_order_idx" ON "return_trips" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sent_emails_data_idx" ON "sent_emails" USING btree ("data_envio");--> statement-breakpoint
CREATE INDEX "sent_emails_tipo_numero_idx" ON "sent_emails" USING btree ("tipo","numero");--> statement-breakpoint
CREATE INDEX "service_entries_order_idx" ON "service_entries" USING btree ("order_id","dataservico");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_order_uq" ON "signatures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "uploaded_documents_at_idx" ON "uploaded_documents" USING btree ("uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");