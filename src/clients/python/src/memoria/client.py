"""The sync and async clients: the calls of ``_calls`` sent with httpx, the token asked for on every request,
429 and 503 retried after the server's ``Retry-After``, and the contract's version checked at the first answer."""

from __future__ import annotations

import asyncio
import inspect
import os
import random
import time
from typing import Any, AsyncIterator, Awaitable, Callable, Iterator, Mapping, Optional, Union

import httpx

from ._async_calls import AsyncCalls
from ._calls import Call, Calls, Reply
from ._version import API_VERSIONS, __version__
from .errors import MemoriaError
from .models import Fact

VERSION_HEADER = "memoria-api-version"
RETRIED_STATUSES = (429, 503)
IDEMPOTENT = ("GET", "PUT", "DELETE", "HEAD", "OPTIONS")

Token = Union[str, Callable[[], str]]
AsyncToken = Union[str, Callable[[], Union[str, Awaitable[str]]]]


class _Settings:
    """What both clients share: where the server is, how to sign a request, how often to try again."""

    def __init__(
        self,
        base_url: Optional[str],
        token: Any,
        timeout: float,
        max_retries: int,
        max_retry_wait: float,
    ) -> None:
        url = base_url or os.environ.get("MEMORIA_URL") or "http://localhost:9080"
        self.base_url = url.rstrip("/")
        if token is None:
            token = os.environ.get("MEMORIA_TOKEN")
        if token is None:
            raise MemoriaError(
                None,
                "No token",
                "pass token= (a string, or a function returning the current one) or set MEMORIA_TOKEN",
                type="urn:memoria:client:no-token",
            )
        self.token = token
        self.timeout = timeout
        self.max_retries = max(0, int(max_retries))
        self.max_retry_wait = max_retry_wait
        self.version_checked = False

    def request_headers(self, call: Call[Any], token: str) -> dict:
        headers = {
            "Authorization": "Bearer " + token,
            "Accept": "application/json, application/problem+json, text/plain;q=0.9, */*;q=0.8",
            "User-Agent": f"memoria-python/{__version__}",
        }
        headers.update(call.headers)
        return headers

    def retry_wait(self, reply: Optional[Reply], attempt: int) -> float:
        """The server's Retry-After when it sent one, else an exponential backoff with jitter; never past the cap."""
        if reply is not None:
            after = _retry_after(reply)
            if after is not None:
                return min(after, self.max_retry_wait)
        return min(self.max_retry_wait, 0.25 * (2**attempt) * (1 + random.random() / 2))

    def should_retry(self, call: Call[Any], reply: Reply, attempt: int) -> bool:
        return reply.status in RETRIED_STATUSES and attempt < self.max_retries

    def version_error(self, reply: Reply) -> Optional[MemoriaError]:
        """None when the answer's contract version is one this client speaks, or says none (see ``needs_probe``)."""
        version = reply.headers.get(VERSION_HEADER)
        if version is None:
            return None
        if version.split(".")[0] not in API_VERSIONS:
            return _incompatible(self.base_url, version)
        return None

    def outcome(self, call: Call[Any], reply: Reply) -> Any:
        if reply.status >= 400:
            raise failure(reply)
        return call.read(reply)


def _incompatible(base_url: str, version: str) -> MemoriaError:
    return MemoriaError(
        None,
        "Incompatible server",
        f"the server at {base_url} speaks Memoria API v{version}; memoria-client {__version__} speaks v"
        + ", v".join(API_VERSIONS)
        + f" (install memoria-client {version.split('.')[0]}.x)",
        type="urn:memoria:client:incompatible-server",
    )


def _not_memoria(base_url: str, why: str) -> MemoriaError:
    return MemoriaError(
        None,
        "Not a Memoria server",
        f"{base_url} does not say which Memoria API it speaks ({why}); check MEMORIA_URL",
        type="urn:memoria:client:incompatible-server",
    )


def _retry_after(reply: Reply) -> Optional[float]:
    value = reply.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def failure(reply: Reply) -> MemoriaError:
    """The problem+json of a failed answer as a MemoriaError (any other body becomes its detail)."""
    try:
        body = reply.json()
    except ValueError:
        body = None
    return MemoriaError.from_problem(reply.status, body, _retry_after(reply), fallback=_safe_text(reply))


def _safe_text(reply: Reply) -> str:
    try:
        return reply.text.strip()
    except UnicodeDecodeError:
        return ""


def _reply(response: httpx.Response) -> Reply:
    return Reply(response.status_code, {k.lower(): v for k, v in response.headers.items()}, response.content)


def _unreachable(base_url: str, error: Exception) -> MemoriaError:
    failure = MemoriaError(
        None,
        "Server unreachable",
        f"{base_url}: {type(error).__name__}: {error}",
        type="urn:memoria:client:unreachable",
    )
    failure.__cause__ = error
    return failure


def _openapi_version(reply: Reply) -> Optional[str]:
    """``info.version`` of the OpenAPI document (YAML or JSON), read without a YAML library."""
    text = reply.text
    try:
        return str(reply.json()["info"]["version"])
    except (ValueError, KeyError, TypeError):
        pass
    in_info = False
    for line in text.splitlines():
        if line.startswith("info:"):
            in_info = True
        elif in_info and line and not line[0].isspace():
            break
        elif in_info and line.strip().startswith("version:"):
            return line.split(":", 1)[1].strip().strip("'\"")
    return None


class Memoria(Calls):
    """The synchronous client.

    ``Memoria()`` reads ``MEMORIA_URL`` (default ``http://localhost:9080``) and ``MEMORIA_TOKEN``; ``token`` may be
    a function, asked for the current token before every request (tokens expire; the client never caches one).
    Every method raises :class:`MemoriaError` when the call fails.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[Token] = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 30.0,
        http: Optional[httpx.Client] = None,
    ) -> None:
        self._settings = _Settings(base_url, token, timeout, max_retries, max_retry_wait)
        self._http = http or httpx.Client(timeout=timeout)
        self._owns_http = http is None

    @property
    def base_url(self) -> str:
        return self._settings.base_url

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> "Memoria":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _token(self) -> str:
        token = self._settings.token
        return token() if callable(token) else token

    def _send(self, call: Call[Any]) -> Any:
        settings = self._settings
        attempt = 0
        while True:
            try:
                response = self._http.request(
                    call.method,
                    settings.base_url + call.path,
                    params=_query(call.params),
                    json=call.json if call.content is None and call.json is not None else None,
                    content=call.content,
                    headers=settings.request_headers(call, self._token()),
                )
            except httpx.TransportError as error:
                if _may_resend(call, error) and attempt < settings.max_retries:
                    time.sleep(settings.retry_wait(None, attempt))
                    attempt += 1
                    continue
                raise _unreachable(settings.base_url, error) from error
            reply = _reply(response)
            self._check_version(reply)
            if settings.should_retry(call, reply, attempt):
                time.sleep(settings.retry_wait(reply, attempt))
                attempt += 1
                continue
            return settings.outcome(call, reply)

    def _check_version(self, reply: Reply) -> None:
        settings = self._settings
        if settings.version_checked:
            return
        error = settings.version_error(reply)
        if error is not None:
            raise error
        if VERSION_HEADER not in reply.headers:
            try:
                probe = _reply(self._http.get(settings.base_url + "/openapi", headers={"Accept": "application/json"}))
            except httpx.TransportError as failure:
                raise _unreachable(settings.base_url, failure) from failure
            _accept_openapi(settings.base_url, probe)
        settings.version_checked = True

    def iter_facts(self, scope: str, *, page_size: int = 200, **filters: Any) -> Iterator[Fact]:
        """Every fact of ``GET /facts`` with these filters, newest first, page after page."""
        cursor = None
        while True:
            page = self.facts(scope, limit=page_size, cursor=cursor, **filters)
            yield from page.items
            cursor = page.next_cursor
            if not cursor:
                return


class AsyncMemoria(AsyncCalls):
    """The asynchronous client: the same methods as :class:`Memoria`, each awaited.

    ``token`` may be a string, a function, or a coroutine function, called before every request.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[AsyncToken] = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 30.0,
        http: Optional[httpx.AsyncClient] = None,
    ) -> None:
        self._settings = _Settings(base_url, token, timeout, max_retries, max_retry_wait)
        self._http = http or httpx.AsyncClient(timeout=timeout)
        self._owns_http = http is None

    @property
    def base_url(self) -> str:
        return self._settings.base_url

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncMemoria":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    async def _token(self) -> str:
        token = self._settings.token
        if not callable(token):
            return token
        value = token()
        return await value if inspect.isawaitable(value) else value

    async def _send(self, call: Call[Any]) -> Any:
        settings = self._settings
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    call.method,
                    settings.base_url + call.path,
                    params=_query(call.params),
                    json=call.json if call.content is None and call.json is not None else None,
                    content=call.content,
                    headers=settings.request_headers(call, await self._token()),
                )
            except httpx.TransportError as error:
                if _may_resend(call, error) and attempt < settings.max_retries:
                    await asyncio.sleep(settings.retry_wait(None, attempt))
                    attempt += 1
                    continue
                raise _unreachable(settings.base_url, error) from error
            reply = _reply(response)
            await self._check_version(reply)
            if settings.should_retry(call, reply, attempt):
                await asyncio.sleep(settings.retry_wait(reply, attempt))
                attempt += 1
                continue
            return settings.outcome(call, reply)

    async def _check_version(self, reply: Reply) -> None:
        settings = self._settings
        if settings.version_checked:
            return
        error = settings.version_error(reply)
        if error is not None:
            raise error
        if VERSION_HEADER not in reply.headers:
            try:
                probe = _reply(await self._http.get(settings.base_url + "/openapi", headers={"Accept": "application/json"}))
            except httpx.TransportError as failure:
                raise _unreachable(settings.base_url, failure) from failure
            _accept_openapi(settings.base_url, probe)
        settings.version_checked = True

    async def iter_facts(self, scope: str, *, page_size: int = 200, **filters: Any) -> AsyncIterator[Fact]:
        cursor = None
        while True:
            page = await self.facts(scope, limit=page_size, cursor=cursor, **filters)
            for fact in page.items:
                yield fact
            cursor = page.next_cursor
            if not cursor:
                return


def _accept_openapi(base_url: str, probe: Reply) -> None:
    """An answer without the version header: the server's OpenAPI document must name a version this client speaks."""
    if probe.status != 200:
        raise _not_memoria(base_url, f"no Memoria-Api-Version header, and /openapi answered {probe.status}")
    version = _openapi_version(probe)
    if version is None:
        raise _not_memoria(base_url, "no Memoria-Api-Version header, and /openapi names no version")
    if version.split(".")[0] not in API_VERSIONS:
        raise _incompatible(base_url, version)


def _may_resend(call: Call[Any], error: httpx.TransportError) -> bool:
    """A request that never reached the server may always be sent again; one that may have, only when idempotent."""
    return isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout)) or call.method in IDEMPOTENT


def _query(params: Mapping[str, Any]) -> dict:
    return {k: ("true" if v is True else "false" if v is False else v) for k, v in params.items()}
