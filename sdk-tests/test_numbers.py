"""Numbers, balance, credentials, a fresh account and usage through the official twilio
Python SDK, unmodified, against a live Dialtone server.
"""

import datetime
from decimal import Decimal

from harness import money, sign_up, twilio_client
from sdk_case import TwilioTestCase, destination, is_sid


class NumbersTest(TwilioTestCase):
    def test_search_local_mobile_and_toll_free(self):
        us = self.client.available_phone_numbers("US")
        local = us.local.list(limit=20)
        mobile = us.mobile.list(limit=20)
        toll_free = us.toll_free.list(limit=20)
        for kind, found in (("local", local), ("mobile", mobile), ("toll-free", toll_free)):
            self.assertTrue(found, f"no {kind} US numbers for sale")
            for n in found:
                self.assertTrue(n.phone_number.startswith("+1"), n.phone_number)
                self.assertEqual(n.iso_country, "US")
        numbers = [{n.phone_number for n in found} for found in (local, mobile, toll_free)]
        self.assertFalse(numbers[0] & numbers[1] or numbers[0] & numbers[2] or numbers[1] & numbers[2])
        ours = set(self.account.numbers())
        self.assertFalse(ours & set().union(*numbers), "numbers already sold are not offered")

        # Every number takes calls and SMS and none MMS: the SDK's capability filters.
        capable = us.mobile.list(voice_enabled=True, sms_enabled=True, limit=5)
        self.assertEqual(len(capable), 5)
        self.assertTrue(all(n.capabilities["SMS"] for n in capable))
        self.assertEqual(us.mobile.list(mms_enabled=True, limit=5), [])

        area = local[0].phone_number[2:5]
        by_area = us.local.list(area_code=area, limit=50)
        self.assertIn(local[0].phone_number, {n.phone_number for n in by_area})
        self.assertTrue(all(n.phone_number.startswith("+1" + area) for n in by_area))

        tail = mobile[-1].phone_number[-4:]
        containing = us.mobile.list(contains=tail, limit=50)
        self.assertIn(mobile[-1].phone_number, {n.phone_number for n in containing})
        self.assertTrue(all(tail in n.phone_number for n in containing))

        self.assertEqual(len(list(us.local.page(page_size=2))), 2)

    def test_buy_update_fetch_list_and_release_a_number(self):
        number = self.client.available_phone_numbers("US").local.list(limit=1)[0].phone_number
        before = self.balance()
        bought = self.client.incoming_phone_numbers.create(phone_number=number, friendly_name="SDK line")
        self.assertTrue(is_sid(bought.sid, "PN"), bought.sid)
        self.assertEqual((bought.phone_number, bought.friendly_name), (number, "SDK line"))
        self.assertEqual(bought.account_sid, self.account.sid)
        self.assertIsInstance(bought.date_created, datetime.datetime)
        self.assertLess(self.balance(), before, "buying a number is paid")
        offered = self.client.available_phone_numbers("US").local.list(contains=number[-4:], limit=50)
        self.assertNotIn(number, {n.phone_number for n in offered})

        sms_url = "https://hooks.example.com/sms?line=sdk"
        voice_url = "https://hooks.example.com/voice"
        updated = self.client.incoming_phone_numbers(bought.sid).update(
            sms_url=sms_url, sms_method="GET", voice_url=voice_url, friendly_name="Support line"
        )
        self.assertEqual(
            (updated.sms_url, updated.sms_method, updated.voice_url, updated.friendly_name),
            (sms_url, "GET", voice_url, "Support line"),
        )
        fetched = self.client.incoming_phone_numbers(bought.sid).fetch()
        self.assertEqual(
            (fetched.sid, fetched.phone_number, fetched.sms_url, fetched.voice_url, fetched.friendly_name),
            (bought.sid, number, sms_url, voice_url, "Support line"),
        )
        self.assertIn(bought.sid, {n.sid for n in self.client.incoming_phone_numbers.list()})
        self.assertEqual([n.sid for n in self.client.incoming_phone_numbers.list(phone_number=number)], [bought.sid])
        self.assertEqual(
            [n.sid for n in self.client.incoming_phone_numbers.list(friendly_name="Support line")], [bought.sid]
        )

        self.assertIs(self.client.incoming_phone_numbers(bought.sid).delete(), True)
        self.assertNotIn(bought.sid, {n.sid for n in self.client.incoming_phone_numbers.list()})
        self.assertRaisesTwilio(20404, 404, self.client.incoming_phone_numbers(bought.sid).fetch)

    def test_an_invalid_number_is_21421(self):
        self.assertRaisesTwilio(21421, 400, self.client.incoming_phone_numbers.create, phone_number="12ab")

    def test_an_unavailable_number_is_21422(self):
        before = self.balance()
        ours = self.account.us_number()
        self.assertRaisesTwilio(21422, 400, self.client.incoming_phone_numbers.create, phone_number=ours)
        # Well formed, but not in the inventory.
        self.assertRaisesTwilio(21422, 400, self.client.incoming_phone_numbers.create, phone_number="+14155559876")
        self.assertEqual(self.balance(), before)


class BalanceTest(TwilioTestCase):
    def test_fetch_the_balance(self):
        b = self.client.balance.fetch()
        self.assertEqual(b.account_sid, self.account.sid)
        self.assertEqual(b.currency, "USD")
        self.assertGreater(money(b.balance), 0, "the demo client has a deposit")


class CredentialsTest(TwilioTestCase):
    def test_a_wrong_auth_token_is_20003(self):
        wrong = twilio_client(self.account.sid, "0" * 32)
        self.assertRaisesTwilio(20003, 401, wrong.balance.fetch)
        self.assertListRefused(20003, 401, wrong.messages.list)

    def test_an_api_key_works_until_it_is_revoked(self):
        key = self.account.api.create_key("SDK tests")
        self.assertTrue(is_sid(key["sid"], "SK"), key["sid"])
        client = twilio_client(key["sid"], key["secret"], self.account.sid)
        self.assertEqual(client.balance.fetch().account_sid, self.account.sid)
        us = self.account.us_number()
        msg = client.messages.create(to=destination(), from_=us, body="Sent with an API key")
        self.assertEqual(client.messages(msg.sid).fetch().sid, msg.sid)

        listed = self.account.api.json("GET", "/api/developer/keys")["keys"]
        mine = [k for k in listed if k["sid"] == key["sid"]]
        self.assertEqual(len(mine), 1)
        self.assertNotIn("secret", mine[0], "a secret is shown once")
        self.assertIsNotNone(mine[0]["lastUsedAt"])

        self.account.api.revoke_key(key["sid"])
        self.assertRaisesTwilio(20003, 401, client.balance.fetch)
        self.assertRaisesTwilio(20003, 401, client.messages.create, to=destination(), from_=us, body="x")

    def test_a_key_of_another_account_is_refused(self):
        other = sign_up()
        key = other.create_key("someone else's")
        # The key is valid, but for another account than the one in the path.
        client = twilio_client(key["sid"], key["secret"], self.account.sid)
        self.assertRaisesTwilio(20003, 401, client.balance.fetch)
        self.assertListRefused(20003, 401, client.messages.list, limit=1)


class FreshAccountTest(TwilioTestCase):
    """A new account through the public sign-up: no deposit, a balance of $0."""

    def setUp(self):
        super().setUp()
        self.api = sign_up()
        self.sid = self.api.account_sid()
        self.token = self.api.auth_token()
        self.fresh = twilio_client(self.sid, self.token)

    def test_insufficient_funds_is_20005_and_nothing_is_bought(self):
        self.assertTrue(is_sid(self.sid, "AC"), self.sid)
        self.assertNotEqual(self.sid, self.account.sid)
        self.assertEqual(self.balance(self.fresh), 0)
        number = self.fresh.available_phone_numbers("US").local.list(limit=1)[0].phone_number
        self.assertRaisesTwilio(20005, 402, self.fresh.incoming_phone_numbers.create, phone_number=number)
        self.assertEqual(self.fresh.incoming_phone_numbers.list(), [])
        self.assertIn(number, {n.phone_number for n in self.fresh.available_phone_numbers("US").local.list(limit=100)})
        self.assertEqual(self.balance(self.fresh), 0)

    def test_one_account_cannot_read_another(self):
        # The fresh account's own credentials, the demo client's account in the path.
        client = twilio_client(self.sid, self.token, self.account.sid)
        self.assertRaisesTwilio(20003, 401, client.balance.fetch)
        self.assertListRefused(20003, 401, client.messages.list, limit=1)
        self.assertRaisesTwilio(20404, 404, self.fresh.messages(self._a_demo_message_sid()).fetch)

    def _a_demo_message_sid(self):
        return self.client.messages.list(limit=1)[0].sid

    def test_a_rotated_token_replaces_the_old_one_after_a_grace_period(self):
        rotated = self.api.json("POST", "/api/developer/auth-token/rotate", json={"password": self.api.password})
        self.assertNotEqual(rotated["authToken"], self.token)
        self.assertIsNotNone(rotated["previousTokenValidUntil"])
        new = twilio_client(self.sid, rotated["authToken"])
        self.assertEqual(self.balance(new), 0)
        # The old token keeps working for 24 hours, so deployed code can be updated.
        self.assertEqual(self.balance(self.fresh), 0)
        self.assertEqual(self.api.auth_token(), rotated["authToken"])


class UsageTest(TwilioTestCase):
    def test_usage_records_by_category_and_period(self):
        self.client.messages.create(to=destination(), from_=self.account.us_number(), body="Counted")
        records = {r.category: r for r in self.client.usage.records.list()}
        self.assertGreaterEqual(int(records["sms"].count), 1)
        self.assertEqual(records["sms"].count_unit, "messages")
        self.assertGreater(records["totalprice"].price, Decimal("0"))
        this_month = self.client.usage.records.this_month.list(category="sms")
        self.assertEqual([r.category for r in this_month], ["sms"])
        self.assertEqual(this_month[0].start_date, datetime.date.today().replace(day=1))
        self.assertListRefused(20001, 400, self.client.usage.records.list, category="fax")

    def test_usage_records_day_by_day_and_month_by_month(self):
        self.client.messages.create(to=destination(), from_=self.account.us_number(), body="Daily")
        today = datetime.date.today()
        week = today - datetime.timedelta(days=6)
        daily = self.client.usage.records.daily.list(category="sms", start_date=week, end_date=today)
        self.assertEqual([r.start_date for r in daily], [week + datetime.timedelta(days=n) for n in range(7)])
        self.assertGreaterEqual(int(daily[-1].count), 1)
        monthly = self.client.usage.records.monthly.list(category="sms", page_size=1, limit=3)
        self.assertEqual(len(monthly), 3, "paged one month at a time")
        self.assertTrue(all(r.start_date.day == 1 for r in monthly[1:]))

    def test_usage_triggers_create_fetch_update_list_delete(self):
        trigger = self.client.usage.triggers.create(
            callback_url="https://hooks.example.com/usage",
            trigger_value="1000",
            usage_category="sms",
            recurring="monthly",
            friendly_name="Many messages",
        )
        self.assertTrue(is_sid(trigger.sid, "UT"), trigger.sid)
        self.assertEqual((trigger.trigger_by, trigger.usage_category), ("usage", "sms"))
        self.assertIsNone(trigger.date_fired)
        fetched = self.client.usage.triggers(trigger.sid).fetch()
        self.assertEqual(fetched.friendly_name, "Many messages")
        updated = self.client.usage.triggers(trigger.sid).update(friendly_name="Lots")
        self.assertEqual(updated.friendly_name, "Lots")
        self.assertIn(trigger.sid, {t.sid for t in self.client.usage.triggers.list()})
        self.assertTrue(self.client.usage.triggers(trigger.sid).delete())
        self.assertRaisesTwilio(20404, 404, self.client.usage.triggers(trigger.sid).fetch)
        self.assertRaisesTwilio(
            20001, 400, self.client.usage.triggers.create,
            callback_url="https://hooks.example.com/usage", trigger_value="1.5", usage_category="sms",
        )
