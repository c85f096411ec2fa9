"""What the SDK tests share: a test case holding the shared account and its SDK client,
the refusal assertions, fresh numbers and SIDs, and the switch's own API.
"""

import datetime
import json
import os
import random
import unittest

import requests
from twilio.base.exceptions import TwilioException, TwilioRestException

from harness import BASE_URL, Account, money


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
