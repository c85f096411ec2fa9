"""Call records and programmable voice through the official twilio Python SDK,
unmodified, against a live Dialtone server.
"""

import datetime
import time

from harness import money
from sdk_case import TwilioTestCase, is_sid


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
