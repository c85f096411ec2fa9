"""The official twilio Python SDK, unmodified, against a live Dialtone server.

Each test drives the SDK the way a customer's existing Twilio code does and checks
what the SDK hands back (its parsed objects and exceptions), so a response shape the
SDK cannot read shows up as a None field, a wrong type or a TwilioException here.
"""

import datetime
import http.server
import json
import os
import random
import threading
import time
import unittest
import uuid
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import requests
from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.request_validator import RequestValidator

from harness import BASE_URL, Account, money, sign_up, twilio_client

UTC = datetime.timezone.utc


def destination():
    """A US number no other test texts, so filters by To see only this test's messages.
    (The +1415555010x range is the inventory's; these stay clear of it.)"""
    return f"+1415555{random.randint(2000, 9999)}"


def is_sid(value, prefix):
    return (
        isinstance(value, str)
        and len(value) == 34
        and value.startswith(prefix)
        and all(c in "0123456789abcdef" for c in value[2:])
    )


class TwilioTestCase(unittest.TestCase):
    def setUp(self):
        self.account = Account.get()
        self.client = self.account.client()

    def assertRaisesTwilio(self, code, status, call, *args, **kwargs):
        """Runs call and expects the SDK's TwilioRestException with code and status."""
        with self.assertRaises(TwilioRestException) as caught:
            call(*args, **kwargs)
        e = caught.exception
        self.assertEqual((e.code, e.status), (code, status), f"the error was: {e.msg}")
        return e

    def assertListRefused(self, code, status, call, *args, **kwargs):
        """A list call's refusal. The SDK's pages raise a plain TwilioException holding
        the response (not a TwilioRestException, as against Twilio itself): read the
        code from its body."""
        with self.assertRaises(TwilioException) as caught:
            call(*args, **kwargs)
        response = caught.exception.args[1]
        body = json.loads(response.text)
        self.assertEqual((body.get("code"), response.status_code), (code, status), response.text)

    def balance(self, client=None):
        b = (client or self.client).balance.fetch()
        return money(b.balance)


class MessagesTest(TwilioTestCase):
    def test_a_sent_message_is_charged_once_at_its_price(self):
        us = self.account.us_number()
        to = destination()
        before = self.balance()
        msg = self.client.messages.create(to=to, from_=us, body="Hello from the Twilio SDK")
        after = self.balance()

        self.assertTrue(is_sid(msg.sid, "SM"), msg.sid)
        self.assertEqual(msg.account_sid, self.account.sid)
        self.assertEqual((msg.to, msg.from_, msg.body), (to, us, "Hello from the Twilio SDK"))
        self.assertIsInstance(msg.num_segments, str)
        self.assertEqual(msg.num_segments, "1")
        price = money(msg.price)
        self.assertLess(price, 0, "Twilio reports a charge as a negative price")
        self.assertEqual(msg.price_unit, "USD")
        # The SDK turns a date it cannot parse as RFC 2822 into None, silently.
        self.assertIsInstance(msg.date_created, datetime.datetime)
        self.assertIsNotNone(msg.date_created.tzinfo)
        self.assertLess(abs(datetime.datetime.now(UTC) - msg.date_created), datetime.timedelta(minutes=5))
        self.assertIn(msg.status, {"accepted", "queued", "sending", "sent", "delivered"})
        self.assertTrue(msg.uri.startswith(f"/2010-04-01/Accounts/{self.account.sid}/Messages/{msg.sid}"), msg.uri)
        self.assertEqual(after - before, price, "the balance moved by exactly the message's price")

        fetched = self.client.messages(msg.sid).fetch()
        self.assertEqual((fetched.sid, fetched.to, fetched.from_, fetched.body), (msg.sid, to, us, msg.body))
        self.assertEqual(money(fetched.price), price)
        self.assertIsInstance(fetched.date_updated, datetime.datetime)
        self.assertTrue(fetched.error_code is None or isinstance(fetched.error_code, int))
        # Delivery (the loopback carrier delivers at once) must not charge it again.
        time.sleep(1)
        self.assertEqual(self.balance(), after)

    def test_a_long_message_is_charged_per_segment(self):
        us = self.account.us_number()
        to = destination()
        one = self.client.messages.create(to=to, from_=us, body="short")
        before = self.balance()
        # 200 GSM-7 characters: two parts of at most 153.
        two = self.client.messages.create(to=to, from_=us, body="x" * 200)
        self.assertEqual(two.num_segments, "2")
        self.assertEqual(money(two.price), 2 * money(one.price))
        self.assertEqual(self.balance() - before, money(two.price))

    def test_a_retried_create_with_an_idempotency_key_sends_and_charges_once(self):
        us = self.account.us_number()
        to = destination()
        self.client.http_client.extra_headers["Idempotency-Key"] = str(uuid.uuid4())
        before = self.balance()
        first = self.client.messages.create(to=to, from_=us, body="Only once, please")
        again = self.client.messages.create(to=to, from_=us, body="Only once, please")
        self.client.http_client.extra_headers.clear()
        self.assertEqual(first.sid, again.sid)
        self.assertEqual(self.balance() - before, money(first.price))
        self.assertEqual([m.sid for m in self.client.messages.list(to=to)], [first.sid])

    def test_messages_list_across_pages_and_with_filters(self):
        us = self.account.us_number()
        other = self.account.other_number(us)
        to = destination()
        sent = [self.client.messages.create(to=to, from_=us, body=f"page test {i}") for i in range(5)]
        sids = {m.sid for m in sent}

        http = self.client.http_client
        http.requests.clear()
        listed = self.client.messages.list(to=to, page_size=2)
        self.assertEqual([m.sid for m in listed if m.sid in sids], [m.sid for m in listed])
        self.assertEqual({m.sid for m in listed}, sids)
        self.assertEqual(len(listed), 5)
        pages = [r for r in http.requests if r[0] == "GET" and "/Messages.json" in r[1]]
        self.assertEqual(len(pages), 3, f"5 messages, 2 a page: {pages}")
        # Newest first, as Twilio lists them.
        created = [m.date_created for m in listed]
        self.assertEqual(created, sorted(created, reverse=True))

        self.assertEqual(len(self.client.messages.list(to=to, page_size=2, limit=3)), 3)
        streamed = [m.sid for m in self.client.messages.stream(to=to, page_size=2)]
        self.assertEqual(sorted(streamed), sorted(sids))

        # The next page's URI keeps the filters and the page size, and pages by token.
        page = self.client.messages.page(to=to, page_size=2)
        next_uri = page._payload["next_page_uri"]
        self.assertTrue(next_uri.startswith(f"/2010-04-01/Accounts/{self.account.sid}/Messages.json?"), next_uri)
        query = parse_qs(urlsplit(next_uri).query)
        self.assertEqual(query.get("To"), [to])
        self.assertEqual(query.get("PageSize"), ["2"])
        self.assertIn("PageToken", query)
        self.assertEqual(page._payload["page_size"], 2)
        last = self.client.messages.page(to=to, page_size=5)
        self.assertIsNone(last.next_page_url, "a page holding everything has no next page")

        self.assertEqual({m.sid for m in self.client.messages.list(to=to, from_=us)}, sids)
        self.assertEqual(self.client.messages.list(to=to, from_=other), [])

        first = min(m.date_sent or m.date_created for m in sent)
        day = first.strftime("%Y-%m-%d")
        self.assertEqual({m.sid for m in self.client.messages.list(to=to, date_sent=day)}, sids)
        hour_ago = first - datetime.timedelta(hours=1)
        tomorrow = datetime.datetime.now(UTC) + datetime.timedelta(days=1)
        self.assertEqual({m.sid for m in self.client.messages.list(to=to, date_sent_after=hour_ago)}, sids)
        self.assertEqual(self.client.messages.list(to=to, date_sent_after=tomorrow), [])
        self.assertEqual({m.sid for m in self.client.messages.list(to=to, date_sent_before=tomorrow)}, sids)
        self.assertEqual(self.client.messages.list(to=to, date_sent_before=datetime.datetime(2001, 1, 1)), [])

    def test_an_invalid_to_is_21211(self):
        us = self.account.us_number()
        before = self.balance()
        self.assertRaisesTwilio(21211, 400, self.client.messages.create, to="not-a-number", from_=us, body="x")
        self.assertEqual(self.balance(), before)

    def test_a_from_that_is_not_the_accounts_is_21606(self):
        spare = self.client.available_phone_numbers("US").mobile.list(limit=1)[0].phone_number
        self.assertRaisesTwilio(21606, 400, self.client.messages.create, to=destination(), from_=spare, body="x")

    def test_an_unknown_message_is_20404(self):
        self.assertRaisesTwilio(20404, 404, self.client.messages("SM" + "0" * 32).fetch)


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


class CallsTest(TwilioTestCase):
    def test_list_filter_and_fetch_calls(self):
        calls = self.client.calls.list(limit=20)
        self.assertEqual(len(calls), 20, "the demo data has sixty calls")
        for c in calls:
            self.assertTrue(is_sid(c.sid, "CA"), c.sid)
            self.assertEqual(c.account_sid, self.account.sid)
            self.assertIsInstance(c.start_time, datetime.datetime)
            self.assertTrue(c.duration is None or isinstance(c.duration, str), c.duration)
            self.assertTrue(c.price is None or money(c.price) <= 0, c.price)
        starts = [c.start_time for c in calls]
        self.assertEqual(starts, sorted(starts, reverse=True), "newest first")

        http = self.client.http_client
        http.requests.clear()
        many = self.client.calls.list(page_size=10, limit=25)
        self.assertEqual(len({c.sid for c in many}), 25)
        self.assertEqual(len([r for r in http.requests if "/Calls.json" in r[1]]), 3)

        one = calls[0]
        fetched = self.client.calls(one.sid).fetch()
        self.assertEqual(
            # CallInstance names it _from, where MessageInstance has from_.
            (fetched.sid, fetched.to, fetched._from, fetched.status, fetched.duration, fetched.start_time),
            (one.sid, one.to, one._from, one.status, one.duration, one.start_time),
        )

        to = self.client.calls.list(to=one.to, limit=100)
        self.assertIn(one.sid, {c.sid for c in to})
        self.assertTrue(all(c.to == one.to for c in to))
        completed = self.client.calls.list(status="completed", limit=100)
        self.assertTrue(all(c.status == "completed" for c in completed))
        since = starts[len(starts) // 2]
        later = self.client.calls.list(start_time_after=since, limit=100)
        self.assertTrue(later)
        self.assertTrue(all(c.start_time >= since for c in later))
        self.assertEqual(self.client.calls.list(start_time_before=datetime.datetime(2001, 1, 1)), [])

    def test_an_unknown_call_is_20404(self):
        self.assertRaisesTwilio(20404, 404, self.client.calls("CA" + "f" * 32).fetch)


class ProgrammableVoiceTest(TwilioTestCase):
    """calls.create with TwiML from the SDK's own builder. No carrier answers here (the
    server's switch address leads nowhere): the call rings until the API cancels it.
    The answered call's audio, billing and callbacks are the server's SIPp tests."""

    def wait_for(self, sid, status):
        for _ in range(100):
            call = self.client.calls(sid).fetch()
            if call.status == status:
                return call
            time.sleep(0.1)
        self.fail(f"the call never was {status}: {call.status}")

    def test_a_call_created_with_sdk_twiml_is_queued_then_canceled(self):
        from twilio.twiml.voice_response import Gather, VoiceResponse

        twiml = VoiceResponse()
        twiml.say("Hello from the Twilio SDK", voice="woman", language="en-GB")
        gather = Gather(num_digits=1, action="https://example.com/menu")
        gather.say("Press one")
        twiml.append(gather)
        us = self.account.us_number()
        call = self.client.calls.create(to="+12125550199", from_=us, twiml=str(twiml), timeout=30)
        self.assertTrue(is_sid(call.sid, "CA"), call.sid)
        self.assertEqual((call.status, call.direction, call.to, call._from), ("queued", "outbound-api", "+12125550199", us))

        updated = self.client.calls(call.sid).update(status="canceled")
        self.assertEqual(updated.sid, call.sid)
        self.wait_for(call.sid, "canceled")
        # Not in progress: nothing to redirect.
        self.assertRaisesTwilio(21220, 400, lambda: self.client.calls(call.sid).update(twiml=str(VoiceResponse())))

    def test_calls_create_refusals_are_twilios(self):
        us = self.account.us_number()
        self.assertRaisesTwilio(21210, 400, self.client.calls.create, to="+12125550199", from_="+14155559876", url="https://example.com/voice")
        self.assertRaisesTwilio(21211, 400, self.client.calls.create, to="12", from_=us, url="https://example.com/voice")
        self.assertRaisesTwilio(12100, 400, self.client.calls.create, to="+12125550199", from_=us, twiml="<Response><Say>")
        unknown = self.client.calls("CA" + "e" * 32)
        self.assertRaisesTwilio(20404, 404, lambda: unknown.update(status="completed"))

    def test_recordings_list_and_an_unknown_recording(self):
        self.assertEqual(self.client.recordings.list(limit=20), [])
        self.assertRaisesTwilio(20404, 404, self.client.recordings("RE" + "a" * 32).fetch)
        self.assertRaisesTwilio(20404, 404, self.client.recordings("RE" + "a" * 32).delete)


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


class _Collector(http.server.BaseHTTPRequestHandler):
    """A customer's server: records every POST and answers 200."""

    received = None  # set per server: a list of (path, headers, params)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        params = {k: v[0] for k, v in parse_qs(body, keep_blank_values=True).items()}
        # Header names are case-insensitive: keep them lowercased.
        headers = {k.lower(): v for k, v in self.headers.items()}
        self.server.received.append((self.path, headers, params))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class WebhooksTest(TwilioTestCase):
    def setUp(self):
        super().setUp()
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
        self.server.received = []
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)

    def test_a_status_callback_arrives_signed_for_the_request_validator(self):
        url = f"http://127.0.0.1:{self.server.server_port}/twilio/status?customer=42"
        us = self.account.us_number()
        msg = self.client.messages.create(to=destination(), from_=us, body="Tell me when", status_callback=url)

        # Wait for the callback of the message's final status (the loopback carrier
        # delivers at once; a slow sender retries for a day, so allow some time).
        deadline = time.time() + 45
        final = None
        while time.time() < deadline:
            status = self.client.messages(msg.sid).fetch().status
            final = [r for r in self.server.received if r[2].get("MessageSid") == msg.sid and r[2].get("MessageStatus") == status]
            if final:
                break
            time.sleep(0.5)
        self.assertTrue(final, f"no callback for {msg.sid} with its status; received: {self.server.received}")

        validator = RequestValidator(self.account.token)
        for path, headers, params in self.server.received:
            self.assertEqual(path, "/twilio/status?customer=42")
            self.assertTrue(headers.get("content-type", "").startswith("application/x-www-form-urlencoded"), headers)
            signature = headers.get("x-twilio-signature")
            self.assertTrue(signature, f"unsigned callback: {headers}")
            self.assertTrue(validator.validate(url, params, signature), f"bad signature on {params}")
            self.assertEqual(params.get("AccountSid"), self.account.sid)
            self.assertEqual((params.get("To"), params.get("From")), (msg.to, us))
            self.assertIn(params.get("MessageStatus"), {"queued", "sent", "delivered", "undelivered", "failed"})
        # The validator itself can say no: a changed parameter, another token.
        path, headers, params = final[0]
        signature = headers["x-twilio-signature"]
        self.assertFalse(validator.validate(url, {**params, "MessageStatus": "failed" if params["MessageStatus"] != "failed" else "sent"}, signature))
        self.assertFalse(RequestValidator("0" * 32).validate(url, params, signature))

        # The client area lists the delivery with the customer's answer (recorded just
        # after our server answered, so give it a moment).
        deadline = time.time() + 10
        while True:
            deliveries = self.account.api.json("GET", "/api/developer/webhooks")["deliveries"]
            ours = [d for d in deliveries if d["url"] == url]
            if any(d["status"] == "delivered" and d["lastStatusCode"] == 200 for d in ours) or time.time() > deadline:
                break
            time.sleep(0.2)
        self.assertTrue(any(d["status"] == "delivered" and d["lastStatusCode"] == 200 for d in ours), ours or deliveries[:3])
        self.assertTrue(all(d["event"] == "message.status" for d in ours), ours)

    def test_an_inbound_call_is_reported_signed_to_the_numbers_status_callback(self):
        # (A VoiceUrl answers the call with TwiML on a real call through the switch: the
        # server's SIPp tests drive that; here the switch's API is called directly.)
        base = f"http://127.0.0.1:{self.server.server_port}"
        status = f"{base}/call-status?leg=in"
        number = self.account.us_number()
        line = self.client.incoming_phone_numbers.list(phone_number=number)[0]
        self.client.incoming_phone_numbers(line.sid).update(status_callback=status)
        # Empty URLs clear them again, so no other test's calls are reported here.
        self.addCleanup(lambda: self.client.incoming_phone_numbers(line.sid).update(status_callback=""))

        # The softswitch's side of a call from outside to the number: authorized while
        # ringing, then its record after 42 s of talk.
        call_id = f"sdk-{uuid.uuid4().hex}@127.0.0.1"
        caller = "+447700900123"
        switch("/api/telephony/authorize", {"callId": call_id, "direction": "inbound", "from": caller, "to": number})
        now = datetime.datetime.now(UTC).replace(microsecond=0)
        iso = lambda t: t.strftime("%Y-%m-%dT%H:%M:%SZ")
        switch(
            "/api/telephony/cdr",
            {
                "callId": call_id,
                "direction": "inbound",
                "from": caller,
                "to": number,
                "startedAt": iso(now - datetime.timedelta(seconds=50)),
                "answeredAt": iso(now - datetime.timedelta(seconds=42)),
                "endedAt": iso(now),
                "durationSeconds": 42,
                "status": "completed",
                "recording": False,
            },
        )

        deadline = time.time() + 45
        while time.time() < deadline and not self.server.received:
            time.sleep(0.3)
        by_path = {path: (headers, params) for path, headers, params in self.server.received}
        self.assertEqual(set(by_path), {"/call-status?leg=in"}, self.server.received)

        validator = RequestValidator(self.account.token)
        for url, path, expected in ((status, "/call-status?leg=in", "completed"),):
            headers, params = by_path[path]
            self.assertTrue(validator.validate(url, params, headers.get("x-twilio-signature", "")), (url, params))
            self.assertEqual(params.get("CallStatus"), expected)
            self.assertEqual((params.get("From"), params.get("To"), params.get("Direction")), (caller, number, "inbound"))
            self.assertEqual(params.get("AccountSid"), self.account.sid)
        call_sid = by_path["/call-status?leg=in"][1]["CallSid"]
        self.assertEqual(by_path["/call-status?leg=in"][1].get("CallDuration"), "42")

        # The SID the webhooks carried is the call record's, as the SDK lists it.
        call = self.client.calls(call_sid).fetch()
        self.assertEqual((call.to, call._from, call.status, call.duration), (number, caller, "completed", "42"))
        self.assertIn(call_sid, {c.sid for c in self.client.calls.list(to=number, limit=20)})


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


def switch(path, body):
    """The softswitch's own API (bearer DIALTONE_SWITCH_TOKEN), as Kamailio calls it."""
    r = requests.post(
        f"{BASE_URL}{path}",
        json=body,
        headers={"Authorization": f"Bearer {os.environ['DIALTONE_SWITCH_TOKEN']}"},
        timeout=30,
    )
    if r.status_code != 200:
        raise AssertionError(f"{path}: expected 200, got {r.status_code}: {r.text}")
    return r.json()


if __name__ == "__main__":
    unittest.main()
