-- The switch keeps the credentials Dialtone gives it (a device's HA1 and caller ID,
-- whether its account is suspended) and asks every second for this number: when it
-- moved, the switch drops all it kept. Triggers move it on every change that could
-- alter such an answer, so that no write path (today's or a later one) can forget to.
-- A registration (contact, source, expiry) changes none of it and moves nothing.
CREATE TABLE credential_epoch (
    id {{int}} PRIMARY KEY CHECK (id = 1),
    epoch {{int}} NOT NULL
);
INSERT INTO credential_epoch (id, epoch) VALUES (1, 1);
{{sqlite CREATE TRIGGER sip_device_credentials_changed AFTER UPDATE OF username, ha1, caller_id, user_id, expires_at ON sip_devices
WHEN OLD.username IS NOT NEW.username OR OLD.ha1 IS NOT NEW.ha1 OR OLD.caller_id IS NOT NEW.caller_id
  OR OLD.user_id IS NOT NEW.user_id OR OLD.expires_at IS NOT NEW.expires_at
BEGIN UPDATE credential_epoch SET epoch = epoch + 1 WHERE id = 1; END;
CREATE TRIGGER sip_device_removed AFTER DELETE ON sip_devices
BEGIN UPDATE credential_epoch SET epoch = epoch + 1 WHERE id = 1; END;
CREATE TRIGGER user_status_changed AFTER UPDATE OF status ON users
WHEN OLD.status IS NOT NEW.status
BEGIN UPDATE credential_epoch SET epoch = epoch + 1 WHERE id = 1; END;
}}{{postgres CREATE FUNCTION credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE credential_epoch SET epoch = epoch + 1 WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER sip_device_credentials_changed AFTER UPDATE OF username, ha1, caller_id, user_id, expires_at ON sip_devices
FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.ha1 IS DISTINCT FROM NEW.ha1
  OR OLD.caller_id IS DISTINCT FROM NEW.caller_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
  OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
EXECUTE FUNCTION credentials_changed();
CREATE TRIGGER sip_device_removed AFTER DELETE ON sip_devices
FOR EACH STATEMENT EXECUTE FUNCTION credentials_changed();
CREATE TRIGGER user_status_changed AFTER UPDATE OF status ON users
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION credentials_changed();
}}
