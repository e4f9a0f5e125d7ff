"""What the client does with answers a healthy test server never gives: a rate limit, another contract version,
something that is not Memoria at all, a server that is not there. A small HTTP server on loopback plays them."""

import asyncio
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from memoria import AsyncMemoria, Memoria, MemoriaError


class Script(BaseHTTPRequestHandler):
    """Answers each request with the next of the server's scripted answers, and records what it was asked."""

    def do_GET(self):
        self.server.seen.append((self.path, self.headers.get("Authorization")))
        status, headers, body = self.server.answers.pop(0)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        data = json.dumps(body).encode() if body is not None else b""
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def scripted():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Script)
    server.answers = []
    server.seen = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _url(server):
    return f"http://127.0.0.1:{server.server_address[1]}"


V1 = {"Memoria-Api-Version": "1", "Content-Type": "application/json"}
LIMITED = {
    "Memoria-Api-Version": "1",
    "Content-Type": "application/problem+json",
    "Retry-After": "0",
}
PROBLEM = {"type": "https://memoria.dev/problems/rate-limited", "title": "Too many requests", "status": 429,
           "detail": "over the tenant's rate"}


def test_a_rate_limit_is_waited_out_as_the_server_says(scripted):
    scripted.answers = [(429, LIMITED, PROBLEM), (429, LIMITED, PROBLEM), (200, V1, {"items": []})]
    with Memoria(_url(scripted), "t") as memoria:
        assert memoria.scopes() == []
    assert len(scripted.seen) == 3


def test_a_rate_limit_past_the_retries_is_the_problem_with_its_retry_after(scripted):
    scripted.answers = [(429, {**LIMITED, "Retry-After": "7"}, PROBLEM)]
    with Memoria(_url(scripted), "t", max_retries=0) as memoria:
        with pytest.raises(MemoriaError) as limited:
            memoria.scopes()
    error = limited.value
    assert (error.status, error.retry_after, error.title, error.problem_type) == (
        429, 7.0, "Too many requests", "rate-limited")


def test_another_contract_version_stops_at_the_first_call(scripted):
    scripted.answers = [(200, {"Memoria-Api-Version": "2", "Content-Type": "application/json"}, {"items": []})]
    with Memoria(_url(scripted), "t") as memoria:
        with pytest.raises(MemoriaError) as mismatch:
            memoria.scopes()
    assert mismatch.value.problem_type == "incompatible-server"
    assert "v2" in str(mismatch.value) and "memoria-client 2.x" in str(mismatch.value)


def test_a_server_that_names_no_version_is_not_taken_for_memoria(scripted):
    scripted.answers = [(200, {"Content-Type": "application/json"}, {"items": []}), (404, {}, None)]
    with Memoria(_url(scripted), "t") as memoria:
        with pytest.raises(MemoriaError) as unknown:
            memoria.scopes()
    assert unknown.value.title == "Not a Memoria server"
    assert [path for path, _ in scripted.seen] == ["/api/v1/scopes", "/openapi"]


def test_the_async_client_waits_out_a_rate_limit_too(scripted):
    scripted.answers = [(429, LIMITED, PROBLEM), (200, V1, {"items": []})]

    async def scenario():
        async with AsyncMemoria(_url(scripted), lambda: "t") as memoria:
            return await memoria.scopes()

    assert asyncio.run(scenario()) == []
    assert [auth for _, auth in scripted.seen] == ["Bearer t", "Bearer t"]


def test_a_server_that_is_not_there_is_a_memoria_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with Memoria(f"http://127.0.0.1:{port}", "t", max_retries=1, max_retry_wait=0.01) as memoria:
        with pytest.raises(MemoriaError) as unreachable:
            memoria.scopes()
    assert unreachable.value.status is None and unreachable.value.problem_type == "unreachable"


def test_no_token_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("MEMORIA_TOKEN", raising=False)
    with pytest.raises(MemoriaError) as missing:
        Memoria("http://127.0.0.1:9")
    assert "MEMORIA_TOKEN" in str(missing.value)


@pytest.mark.parametrize("call", [
    lambda m: m.delete_snapshot("user:1", ".."),
    lambda m: m.restore("user:1", "."),
    lambda m: m.forget("user:1", ".."),
    lambda m: m.facts(".."),
    lambda m: m.log_day("user:1", ".."),
])
def test_a_dot_segment_name_is_refused_before_anything_is_sent(scripted, call):
    # an HTTP client resolves dot segments: snapshots/.. would be a DELETE of the scope itself
    with Memoria(_url(scripted), "t") as memoria:
        with pytest.raises(MemoriaError) as refused:
            call(memoria)
    assert refused.value.status is None and refused.value.problem_type == "invalid-input"
    assert scripted.seen == []
