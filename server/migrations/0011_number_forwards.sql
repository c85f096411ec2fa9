-- A number whose inbound calls are forwarded to another phone number instead of ringing
-- devices: a second, outbound leg billed to the owner who set it. A row set by an
-- earlier owner of the number (released, bought again) is ignored.
CREATE TABLE number_forwards (
    number_id {{int}} PRIMARY KEY REFERENCES phone_numbers (id),
    owner_id {{int}} NOT NULL REFERENCES users (id),
    forward_to TEXT NOT NULL
);
