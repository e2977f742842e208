-- The portal's live events (decision 0103): a change the portal shows is written into portal_events
-- by a trigger, in the transaction that made it, and announced by its id alone; each replica reads
-- the announced rows and hands them to the streams that may see them. Triggers fire on real changes
-- only (WHEN clauses), so an agent's ping, or a row rewritten as it was, writes nothing.
CREATE FUNCTION add_portal_event(event_name text, customer text, session text, event_data jsonb)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  -- Rows an import copies in (server/src/db/transfer.ts) are no change anyone is watching.
  IF current_setting('tidewatch.copying_rows', true) = 'on' THEN RETURN; END IF;
  INSERT INTO portal_events (name, customer_id, session_id, data)
    VALUES (event_name, customer, session, event_data::text)
    RETURNING id INTO event_id;
  PERFORM pg_notify('portal_events', event_id::text);
END;
$$;
--> statement-breakpoint
-- A server or cluster (TG_ARGV[0]) came, went, or changed what its list and page show.
CREATE FUNCTION portal_event_machine_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  machine record;
BEGIN
  IF TG_OP = 'DELETE' THEN machine := OLD; ELSE machine := NEW; END IF;
  PERFORM add_portal_event('server.changed', machine.customer_id, NULL,
    jsonb_build_object('customer_id', machine.customer_id, 'kind', TG_ARGV[0], 'id', machine.certname));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A server's or cluster's tags (TG_ARGV[0] names the kind) changed; a row removed with its machine has no machine left to name.
CREATE FUNCTION portal_event_machine_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tagged record;
  machine record;
BEGIN
  IF TG_OP = 'DELETE' THEN tagged := OLD; ELSE tagged := NEW; END IF;
  IF TG_ARGV[0] = 'server' THEN
    SELECT customer_id, certname INTO machine FROM servers WHERE id = tagged.server_id;
  ELSE
    SELECT customer_id, certname INTO machine FROM clusters WHERE id = tagged.cluster_id;
  END IF;
  IF FOUND THEN
    PERFORM add_portal_event('server.changed', machine.customer_id, NULL,
      jsonb_build_object('customer_id', machine.customer_id, 'kind', TG_ARGV[0], 'id', machine.certname));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Something a badge counts that no other event covers: a customer's users, tags and teams.
CREATE FUNCTION portal_event_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM add_portal_event('counts.changed', changed.customer_id, NULL,
    jsonb_build_object('customer_id', changed.customer_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The site chat is staff work (no customer): TG_ARGV[0] names the column holding the conversation's id.
CREATE FUNCTION portal_event_chat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_portal_event('chat.message', NULL, NULL,
    jsonb_build_object('conversation_id', to_jsonb(NEW) ->> TG_ARGV[0]));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A staff member's month was handed in, decided or opened again (staff work: no customer).
CREATE FUNCTION portal_event_month_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  month_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN month_row := OLD; ELSE month_row := NEW; END IF;
  PERFORM add_portal_event('approval.changed', NULL, NULL,
    jsonb_build_object('user_id', month_row.employee_id, 'month', month_row.month));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A customer's service windows: TG_ARGV[0] names the column holding the window's id, if the table has one.
CREATE FUNCTION portal_event_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  window_key text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_NARGS > 0 THEN window_key := to_jsonb(changed) ->> TG_ARGV[0]; END IF;
  PERFORM add_portal_event('booking.changed', changed.customer_id, NULL,
    jsonb_build_object('customer_id', changed.customer_id, 'window_id', window_key));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An agent reported what a window did to one of its targets, which carry no customer of their own.
CREATE FUNCTION portal_event_target_reported() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer text;
BEGIN
  SELECT customer_id INTO customer FROM service_windows WHERE id = NEW.window_id;
  IF FOUND THEN
    PERFORM add_portal_event('booking.changed', customer, NULL,
      jsonb_build_object('customer_id', customer, 'window_id', NEW.window_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The tabs of a session that ended (signed out, revoked, expired, its user gone) sign in again.
CREATE FUNCTION portal_event_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_portal_event('session.ended', NULL, OLD.id, '{}'::jsonb);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER servers_portal_event_insert_delete
  AFTER INSERT OR DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION portal_event_machine_changed('server');
--> statement-breakpoint
CREATE TRIGGER servers_portal_event_update
  AFTER UPDATE OF status, plan, last_run_status, decommissioned_at ON servers
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.plan IS DISTINCT FROM NEW.plan
    OR OLD.last_run_status IS DISTINCT FROM NEW.last_run_status
    OR OLD.decommissioned_at IS DISTINCT FROM NEW.decommissioned_at
  )
  EXECUTE FUNCTION portal_event_machine_changed('server');
--> statement-breakpoint
CREATE TRIGGER clusters_portal_event_insert_delete
  AFTER INSERT OR DELETE ON clusters
  FOR EACH ROW EXECUTE FUNCTION portal_event_machine_changed('cluster');
--> statement-breakpoint
CREATE TRIGGER clusters_portal_event_update
  AFTER UPDATE OF status, plan, decommissioned_at ON clusters
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.plan IS DISTINCT FROM NEW.plan
    OR OLD.decommissioned_at IS DISTINCT FROM NEW.decommissioned_at
  )
  EXECUTE FUNCTION portal_event_machine_changed('cluster');
--> statement-breakpoint
CREATE TRIGGER server_tags_portal_event
  AFTER INSERT OR DELETE ON server_tags
  FOR EACH ROW EXECUTE FUNCTION portal_event_machine_tags_changed('server');
--> statement-breakpoint
CREATE TRIGGER cluster_tags_portal_event
  AFTER INSERT OR DELETE ON cluster_tags
  FOR EACH ROW EXECUTE FUNCTION portal_event_machine_tags_changed('cluster');
--> statement-breakpoint
CREATE TRIGGER users_portal_event_insert_delete
  AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_event_counts_changed();
--> statement-breakpoint
CREATE TRIGGER users_portal_event_update
  AFTER UPDATE OF active ON users
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION portal_event_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tags_portal_event_insert_delete
  AFTER INSERT OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION portal_event_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tags_portal_event_update
  AFTER UPDATE OF type ON tags
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION portal_event_counts_changed();
--> statement-breakpoint
CREATE TRIGGER chat_messages_portal_event
  AFTER INSERT ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION portal_event_chat_changed('conversation_id');
--> statement-breakpoint
-- Not on delete: the retention sweep removes old conversations, which no inbox shows any more.
CREATE TRIGGER chat_conversations_portal_event_insert
  AFTER INSERT ON chat_conversations
  FOR EACH ROW EXECUTE FUNCTION portal_event_chat_changed('id');
--> statement-breakpoint
CREATE TRIGGER chat_conversations_portal_event_update
  AFTER UPDATE OF status, staff_read_message_id ON chat_conversations
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.staff_read_message_id IS DISTINCT FROM NEW.staff_read_message_id
  )
  EXECUTE FUNCTION portal_event_chat_changed('id');
--> statement-breakpoint
CREATE TRIGGER time_months_portal_event_insert_delete
  AFTER INSERT OR DELETE ON time_months
  FOR EACH ROW EXECUTE FUNCTION portal_event_month_changed();
--> statement-breakpoint
CREATE TRIGGER time_months_portal_event_update
  AFTER UPDATE OF status ON time_months
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION portal_event_month_changed();
--> statement-breakpoint
CREATE TRIGGER service_windows_portal_event_insert_delete
  AFTER INSERT OR DELETE ON service_windows
  FOR EACH ROW EXECUTE FUNCTION portal_event_booking_changed('id');
--> statement-breakpoint
CREATE TRIGGER service_windows_portal_event_update
  AFTER UPDATE OF status, starts_at, ends_at, reboot_allowed, note ON service_windows
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.ends_at IS DISTINCT FROM NEW.ends_at OR OLD.reboot_allowed IS DISTINCT FROM NEW.reboot_allowed
    OR OLD.note IS DISTINCT FROM NEW.note
  )
  EXECUTE FUNCTION portal_event_booking_changed('id');
--> statement-breakpoint
CREATE TRIGGER service_window_targets_portal_event
  AFTER UPDATE OF result, exempted ON service_window_targets
  FOR EACH ROW
  WHEN (OLD.result IS DISTINCT FROM NEW.result OR OLD.exempted IS DISTINCT FROM NEW.exempted)
  EXECUTE FUNCTION portal_event_target_reported();
--> statement-breakpoint
CREATE TRIGGER service_window_exemptions_portal_event_insert_delete
  AFTER INSERT OR DELETE ON service_window_exemptions
  FOR EACH ROW EXECUTE FUNCTION portal_event_booking_changed('window_id');
--> statement-breakpoint
CREATE TRIGGER service_window_exemptions_portal_event_update
  AFTER UPDATE OF status ON service_window_exemptions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION portal_event_booking_changed('window_id');
--> statement-breakpoint
CREATE TRIGGER service_window_proposals_portal_event_insert_delete
  AFTER INSERT OR DELETE ON service_window_proposals
  FOR EACH ROW EXECUTE FUNCTION portal_event_booking_changed();
--> statement-breakpoint
CREATE TRIGGER service_window_proposals_portal_event_update
  AFTER UPDATE OF status ON service_window_proposals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION portal_event_booking_changed();
--> statement-breakpoint
CREATE TRIGGER service_window_configs_portal_event
  AFTER INSERT OR UPDATE OF version OR DELETE ON service_window_configs
  FOR EACH ROW EXECUTE FUNCTION portal_event_booking_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_portal_event
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portal_event_session_ended();
