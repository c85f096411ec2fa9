"""Messages and their webhooks through the official twilio Python SDK, unmodified,
against a live Dialtone server.
"""

import datetime
import http.server
import threading
import time
import uuid
from urllib.parse import parse_qs, urlsplit

from twilio.request_validator import RequestValidator

from harness import money
from sdk_case import UTC, TwilioTestCase, destination, is_sid, switch


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
