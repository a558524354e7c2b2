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
ALTER TABLE "portal_contacts" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "portal_contacts" ADD COLUMN "aceita_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "aceita_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_contact_id_portal_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."portal_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_chave_uq" ON "whatsapp_messages" USING btree ("chave");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("enviar_apos") WHERE "whatsapp_messages"."status" = 'Pendente';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_provedor_idx" ON "whatsapp_messages" USING btree ("provedor_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id","evento");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_idx" ON "whatsapp_messages" USING btree ("created_at");