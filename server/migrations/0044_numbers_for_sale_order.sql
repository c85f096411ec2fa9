-- The numbers for sale in number order (issue 41): the wizard's and the Twilio API's
-- search reads a country's and type's available numbers from a prefix on, in order, and
-- stops at 50, instead of sorting every number in stock (126 ms a search with 100,000
-- US landlines on PostgreSQL, 30 ms on SQLite, measured by scripts/bench-catalogue.sh).
CREATE INDEX phone_numbers_for_sale ON phone_numbers (country_id, number_type, status, number);
DROP INDEX phone_numbers_shop;
