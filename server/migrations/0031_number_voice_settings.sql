-- A number's VoiceUrl is asked with its method (GET or POST), and its fallback when
-- the VoiceUrl cannot be had or its TwiML cannot run (issue 45).
ALTER TABLE phone_numbers ADD COLUMN voice_method TEXT NOT NULL DEFAULT 'POST';
ALTER TABLE phone_numbers ADD COLUMN voice_fallback_url TEXT;
