-- IVR call flows (issue 22): the flows customers design, the numbers routed to them,
-- their prompts rendered at save time, the voicemails they record, the path each
-- call took, and the monthly subscription of every flow in use.

-- A flow as core's model serialises it (JSON). Deleted flows keep their row so the
-- voicemails and call paths that name them still resolve.
CREATE TABLE ivr_flows (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    flow TEXT NOT NULL,
    created_at {{int}} NOT NULL,
    updated_at {{int}} NOT NULL,
    deleted_at {{int}}
);
CREATE INDEX ivr_flows_user ON ivr_flows (user_id, deleted_at);

-- A number whose inbound calls a flow answers. Like number_forwards, a row set by an
-- earlier owner of the number (released, bought again) is ignored.
CREATE TABLE number_ivr (
    number_id {{int}} PRIMARY KEY REFERENCES phone_numbers (id),
    owner_id {{int}} NOT NULL REFERENCES users (id),
    flow_id {{int}} NOT NULL REFERENCES ivr_flows (id)
);
CREATE INDEX number_ivr_flow ON number_ivr (flow_id);

-- The audio a step plays (a Say's text, a Menu's prompt, a Voicemail's greeting):
-- 8 kHz mono 16-bit signed little-endian PCM without a header, ready for G.711.
-- source 'tts' is the step's text spoken by espeak-ng (label: that text, so unchanged
-- text is not rendered again); 'upload' a WAV the customer sent (label: its file name).
CREATE TABLE ivr_prompts (
    flow_id {{int}} NOT NULL REFERENCES ivr_flows (id),
    step_id TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('tts', 'upload')),
    label TEXT NOT NULL,
    audio {{sqlite BLOB}}{{postgres BYTEA}} NOT NULL,
    duration_ms {{int}} NOT NULL,
    created_at {{int}} NOT NULL,
    PRIMARY KEY (flow_id, step_id)
);

-- A recorded message (a WAV file), once per call: a retried save finds the first.
-- announced_at is claimed by the one announcement (notification and e-mail).
CREATE TABLE ivr_voicemails (
    id {{id}},
    user_id {{int}} NOT NULL REFERENCES users (id),
    number_id {{int}} REFERENCES phone_numbers (id),
    flow_id {{int}} REFERENCES ivr_flows (id),
    call_sid TEXT,
    caller TEXT NOT NULL,
    duration_ms {{int}} NOT NULL,
    audio {{sqlite BLOB}}{{postgres BYTEA}} NOT NULL,
    created_at {{int}} NOT NULL,
    heard_at {{int}},
    announced_at {{int}}
);
CREATE INDEX ivr_voicemails_user ON ivr_voicemails (user_id, id);
CREATE UNIQUE INDEX ivr_voicemails_call ON ivr_voicemails (call_sid);

-- The steps and keys a call went through ("menu → 2 → voicemail"), by the call's SID:
-- kept apart from calls because the media endpoint writes it before the CDR creates
-- the call's record.
CREATE TABLE ivr_call_paths (
    call_sid TEXT PRIMARY KEY,
    flow_id {{int}} REFERENCES ivr_flows (id),
    path TEXT NOT NULL,
    updated_at {{int}} NOT NULL
);

-- A flow in use is billed monthly, like a number: charged when a number is first
-- routed to it, renewed on renews_at while a number still routes to it (the notice
-- before, as for numbers), ended when none does or the balance does not cover it.
CREATE TABLE ivr_subscriptions (
    flow_id {{int}} PRIMARY KEY REFERENCES ivr_flows (id),
    user_id {{int}} NOT NULL REFERENCES users (id),
    status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
    monthly_micros {{int}} NOT NULL,
    started_at {{int}} NOT NULL,
    renews_at {{int}} NOT NULL,
    notice_sent_for {{int}},
    ended_at {{int}},
    updated_at {{int}} NOT NULL
);
CREATE INDEX ivr_subscriptions_renewal ON ivr_subscriptions (status, renews_at);
CREATE INDEX ivr_subscriptions_user ON ivr_subscriptions (user_id);
