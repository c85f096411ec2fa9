-- The free trial's one number (issue 44). users.trial_number_id: the number an account
-- took as its trial number, kept for ever, so an account gets one trial number once.
-- phone_numbers.trial_until: set while a number is a trial number (free until then,
-- released then unless its owner converts, which clears it: from that day it is an
-- ordinary monthly number).
ALTER TABLE users ADD COLUMN trial_number_id {{int}};
ALTER TABLE phone_numbers ADD COLUMN trial_until {{int}};
