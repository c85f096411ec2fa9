-- The phone numbers that unlocked a free trial's credit, one account each: the credit
-- is once per phone number across all accounts (issue 43), not once per account. A
-- number here is refused for verification on any other account in its trial.
CREATE TABLE trial_phones (
    number TEXT PRIMARY KEY,
    user_id {{int}} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    granted_at {{int}} NOT NULL
);
