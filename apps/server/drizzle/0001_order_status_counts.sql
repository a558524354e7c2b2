-- Totals per status kept by the writes, so list counts never scan the orders (docs/architecture.md#measurements).
INSERT INTO "order_status_counts" ("status", "count")
SELECT s, 0 FROM unnest(ARRAY['Aberto','Andamento','Concluído','Fechado']) AS s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_status_counts_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE order_status_counts SET count = count + 1 WHERE status = NEW.status;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE order_status_counts SET count = count - 1 WHERE status = OLD.status;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE order_status_counts SET count = count - 1 WHERE status = OLD.status;
    UPDATE order_status_counts SET count = count + 1 WHERE status = NEW.status;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_status_counts
AFTER INSERT OR DELETE OR UPDATE OF status ON "orders"
FOR EACH ROW EXECUTE FUNCTION order_status_counts_maintain();
--> statement-breakpoint
INSERT INTO "counters" ("name", "value") VALUES ('orders', 0), ('clients', 0), ('closings', 0)
ON CONFLICT DO NOTHING;
