-- Which SIP devices an inbound call to a number rings. A number without rows rings all
-- of its owner's devices; rows of devices that are no longer the owner's are ignored.
CREATE TABLE number_ring_devices (
    number_id {{int}} NOT NULL REFERENCES phone_numbers (id),
    device_id {{int}} NOT NULL REFERENCES sip_devices (id),
    PRIMARY KEY (number_id, device_id)
);
CREATE INDEX number_ring_devices_device ON number_ring_devices (device_id);
