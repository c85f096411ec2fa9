-- Inbound TwiML calls are shown by the Calls API beside the placed ones, from their
-- answer to their end, so that POST /Calls/{Sid} can end or redirect them.
ALTER TABLE api_calls ADD COLUMN direction TEXT NOT NULL DEFAULT 'outbound-api';
