-- How long an account keeps its call recordings, in days (core's
-- recordings::RETENTION_DAYS); 0 keeps them until deleted.
ALTER TABLE users ADD COLUMN recording_retention_days {{int}} NOT NULL DEFAULT 0;
-- What a recording made during a call still owes: the call's hold kept the money
-- then, so it is charged by the jobs once the hold is released (0 once paid).
ALTER TABLE recordings ADD COLUMN due_micros {{int}} NOT NULL DEFAULT 0;
