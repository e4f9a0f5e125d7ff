"""The server these tests talk to: MEMORIA_URL and MEMORIA_TOKEN (a fresh tenant with every role), as the build's
PythonClientIT sets them. Without them the server tests are skipped, unless MEMORIA_IT_REQUIRED says they must run."""

import os
import uuid

import pytest

from memoria import Memoria


def _server_env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        if os.environ.get("MEMORIA_IT_REQUIRED") == "true":
            pytest.fail(f"{name} is not set")
        pytest.skip(f"{name} is not set: these tests need a running Memoria server")
    return value


@pytest.fixture
def url() -> str:
    return _server_env("MEMORIA_URL")


@pytest.fixture
def token() -> str:
    return _server_env("MEMORIA_TOKEN")


@pytest.fixture
def client(url, token):
    with Memoria(url, token) as memoria:
        yield memoria


@pytest.fixture
def scope() -> str:
    """A scope of its own for each test, so tests never see each other's facts."""
    return "user:py-" + uuid.uuid4().hex[:12]


def wait_embedded(client, scope: str, timeout: float = 300.0) -> None:
    """Until the server's embedding worker has given every fact of the scope its vector (a bound against a stuck
    worker, never a speed): recall by meaning reads vectors, which are computed after a write is answered."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        stats = client.stats(scope)
        if stats["embedding_backlog"] == 0 and stats["embedded_facts"] == stats["total_facts"]:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"the facts of {scope} were not embedded within {timeout} s: {stats}")
        time.sleep(0.2)
