-- A number's SmsMethod (Twilio's: its SmsUrl is asked with GET or POST), and the
-- method each queued webhook delivery is sent with.
ALTER TABLE phone_numbers ADD COLUMN sms_method TEXT NOT NULL DEFAULT 'POST';
ALTER TABLE webhook_deliveries ADD COLUMN method TEXT NOT NULL DEFAULT 'POST';
