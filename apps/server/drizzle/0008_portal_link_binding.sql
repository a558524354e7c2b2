ALTER TABLE "portal_contacts" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_link_tokens" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_link_tokens" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "portal_link_tokens" t SET "email" = c."email" FROM "portal_contacts" c WHERE c."id" = t."contact_id";--> statement-breakpoint
UPDATE "portal_sessions" s SET "email" = c."email" FROM "portal_contacts" c WHERE c."id" = s."contact_id";
