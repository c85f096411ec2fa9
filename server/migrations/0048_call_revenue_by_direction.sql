-- Analytics counts inbound and outbound calls apart (issue 41): the daily totals keep
-- a call's entries as `call:inbound` or `call:outbound` (core's
-- analytics::call_day_kind). The days already totalled are split by their calls'
-- direction; an entry whose call cannot be found counts as outbound.
DELETE FROM ledger_daily WHERE kind = 'call';
INSERT INTO ledger_daily (day, kind, amount_micros, entries)
SELECT l.created_at / 86400000,
       CASE WHEN c.direction = 'inbound' THEN 'call:inbound' ELSE 'call:outbound' END,
       CAST(SUM(l.amount_micros) AS BIGINT), COUNT(*)
FROM ledger_entries l LEFT JOIN calls c ON c.call_id = SUBSTR(l.reference, 6)
WHERE l.kind = 'call'
GROUP BY l.created_at / 86400000, CASE WHEN c.direction = 'inbound' THEN 'call:inbound' ELSE 'call:outbound' END;
