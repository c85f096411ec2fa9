"""What the SDK tests share: a Twilio client pointed at a Dialtone server, the demo
client's credentials, and Dialtone's own JSON API (sign-in, API keys, sign-up).

The server's base URL comes from DIALTONE_BASE_URL (scripts/sdk-test.sh starts one
with the demo data). Nothing here changes the SDK: the custom HTTP client is the
documented way to send its requests elsewhere.
"""

import os
import threading
import uuid
from decimal import Decimal
from urllib.parse import urlsplit, urlunsplit

import requests
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

BASE_URL = os.environ.get("DIALTONE_BASE_URL", "http://127.0.0.1:8080").rstrip("/")
DEMO_EMAIL = "client@dialtone.test"
DEMO_PASSWORD = "client123"

# TWILIO_REGION / TWILIO_EDGE make the SDK rewrite api.twilio.com into
# api.<edge>.<region>.twilio.com; the rewrite below would still catch it, but a test
# should see the same URLs everywhere.
for _name in ("TWILIO_REGION", "TWILIO_EDGE"):
    os.environ.pop(_name, None)


class DialtoneHttpClient(TwilioHttpClient):
    """Sends the SDK's requests for https://*.twilio.com to the Dialtone server.

    Also records every URL requested (the paging tests count pages) and can add
    headers to every request (the SDK has no parameter for Idempotency-Key on
    Messages).
    """

    def __init__(self, base_url=BASE_URL, **kwargs):
        super().__init__(**kwargs)
        self.base = urlsplit(base_url)
        # The test server is on 127.0.0.1: a proxy from the environment must not
        # catch it.
        self.session.trust_env = False
        self.extra_headers = {}
        self.requests = []
        self._lock = threading.Lock()

    def rewrite(self, url):
        parts = urlsplit(url)
        host = parts.hostname or ""
        if parts.scheme == "https" and (host == "twilio.com" or host.endswith(".twilio.com")):
            return urlunsplit((self.base.scheme, self.base.netloc, parts.path, parts.query, parts.fragment))
        if parts.netloc != self.base.netloc:
            # Never let a test reach anything but the server under test.
            raise AssertionError(f"the SDK asked for {url}, which is not the Dialtone server")
        return url

    def request(self, method, url, params=None, data=None, headers=None, auth=None, timeout=None, allow_redirects=False):
        url = self.rewrite(url)
        headers = dict(headers or {})
        headers.update(self.extra_headers)
        with self._lock:
            self.requests.append((method.upper(), url, dict(params or {})))
        return super().request(
            method,
            url,
            params=params,
            data=data,
            headers=headers,
            auth=auth,
            timeout=timeout if timeout is not None else 30,
            allow_redirects=allow_redirects,
        )


def twilio_client(username, password, account_sid=None):
    """An unmodified twilio.rest.Client, its HTTP client aimed at the server."""
    http = DialtoneHttpClient()
    return Client(username, password, account_sid, http_client=http)


def money(text):
    """A Twilio amount (a string such as "-0.0075") as an exact Decimal."""
    assert isinstance(text, str), f"amounts are strings in Twilio's API, got {text!r}"
    return Decimal(text)


class Api:
    """Dialtone's JSON API (/api) as one signed-in user."""

    def __init__(self, email, password):
        self.session = requests.Session()
        self.session.trust_env = False
        self.email = email
        self.password = password
        r = self.session.post(f"{BASE_URL}/api/auth/login", json={"email": email, "password": password}, timeout=30)
        r.raise_for_status()
        self.session.headers["Authorization"] = f"Bearer {r.json()['accessToken']}"

    def call(self, method, path, **kwargs):
        return self.session.request(method, f"{BASE_URL}{path}", timeout=30, **kwargs)

    def json(self, method, path, expect=200, **kwargs):
        r = self.call(method, path, **kwargs)
        if r.status_code != expect:
            raise AssertionError(f"{method} {path}: expected {expect}, got {r.status_code}: {r.text}")
        return r.json() if r.content else None

    def account_sid(self):
        return self.json("GET", "/api/developer")["accountSid"]

    def auth_token(self):
        return self.json("POST", "/api/developer/auth-token/reveal", json={"password": self.password})["authToken"]

    def create_key(self, name):
        return self.json("POST", "/api/developer/keys", expect=201, json={"name": name, "password": self.password})

    def revoke_key(self, sid):
        r = self.call("DELETE", f"/api/developer/keys/{sid}")
        if r.status_code != 204:
            raise AssertionError(f"revoking {sid}: expected 204, got {r.status_code}: {r.text}")


def sign_up():
    """A new account through the public sign-up: no deposit, so a balance of $0."""
    email = f"sdk-{uuid.uuid4().hex[:12]}@example.com"
    password = "sdk-tests-" + uuid.uuid4().hex[:8]
    r = requests.post(
        f"{BASE_URL}/api/auth/signup",
        json={"name": "SDK Tester", "email": email, "password": password},
        timeout=30,
    )
    if r.status_code != 201:
        raise AssertionError(f"sign-up: expected 201, got {r.status_code}: {r.text}")
    return Api(email, password)


class Account:
    """The demo client as the SDK sees it, created once for all tests."""

    _instance = None

    @classmethod
    def get(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def __init__(self):
        self.api = Api(DEMO_EMAIL, DEMO_PASSWORD)
        self.sid = self.api.account_sid()
        self.token = self.api.auth_token()

    def client(self):
        """A fresh client (its own request log) with the Account SID and Auth Token."""
        return twilio_client(self.sid, self.token)

    def numbers(self):
        """The account's numbers, through the SDK."""
        return [n.phone_number for n in self.client().incoming_phone_numbers.list()]

    def us_number(self):
        for n in self.numbers():
            if n.startswith("+1"):
                return n
        raise AssertionError(f"the demo client has no US number: {self.numbers()}")

    def other_number(self, than):
        for n in self.numbers():
            if n != than:
                return n
        raise AssertionError("the demo client has one number only")
