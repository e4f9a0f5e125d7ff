"""Every call of the REST contract (API.md v1), written once: each method describes its request and how to read the
answer, and the sync and async clients only differ in how they send it."""

from __future__ import annotations

import json as jsonlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Dict, Generic, Iterable, List, Mapping, Optional, Sequence, TypeVar, Union
from urllib.parse import quote

from .errors import MemoriaError
from .models import (
    BatchResult,
    Fact,
    FactPage,
    Learned,
    LogEntry,
    Recall,
    Remembered,
    ScopeInfo,
    Snapshot,
    ToolResult,
    Version,
    format_time,
)

T = TypeVar("T")

Scopes = Union[str, Sequence[str]]
Time = Union[datetime, str, None]


@dataclass(frozen=True)
class Reply:
    """What came back: status, headers (lower-case names) and body."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        return jsonlib.loads(self.body.decode("utf-8")) if self.body else None

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request and how to read its answer."""

    method: str
    path: str
    read: Callable[[Reply], T]
    params: Dict[str, Any] = field(default_factory=dict)
    json: Any = None
    content: Optional[bytes] = None
    headers: Dict[str, str] = field(default_factory=dict)


def _segment(value: str, what: str, safe: str = "") -> str:
    """One path segment from a name the caller chose. An empty name, ``.`` or ``..`` is refused before anything is
    sent: an HTTP client resolves dot segments, so ``snapshots/..`` would reach the scope itself."""
    if not isinstance(value, str) or value in ("", ".", ".."):
        raise MemoriaError(
            None,
            "Invalid input",
            f"{what} {value!r} cannot be a path segment (empty, '.' and '..' are refused)",
            type="urn:memoria:client:invalid-input",
        )
    return quote(value, safe=safe)


def _scope(scope: str) -> str:
    return "/api/v1/scopes/" + _segment(scope, "scope", safe=":@")


def _fields(**values: Any) -> Dict[str, Any]:
    """The fields given, without the ones left out (None); times as RFC 3339, tags and ids as lists."""
    out: Dict[str, Any] = {}
    for name, value in values.items():
        if value is None:
            continue
        if isinstance(value, datetime):
            value = format_time(value)
        elif isinstance(value, (tuple, set, frozenset)):
            value = list(value)
        out[name] = value
    return out


def _nothing(reply: Reply) -> None:
    return None


def _json(reply: Reply) -> Any:
    return reply.json()


def _scope_list(scopes: Scopes) -> str:
    if isinstance(scopes, str):
        return scopes
    return ",".join(scopes)


class Calls:
    """The API's calls. ``_send`` runs one; in the async client it returns an awaitable of the same value."""

    def _send(self, call: Call[Any]) -> Any:  # pragma: no cover - implemented by the clients
        raise NotImplementedError

    # --- facts -------------------------------------------------------------------------------------------------

    def remember(
        self,
        scope: str,
        content: str,
        *,
        category: Optional[str] = None,
        type: Optional[str] = None,
        importance: Optional[float] = None,
        persistent: Optional[bool] = None,
        tags: Optional[Iterable[str]] = None,
        key: Optional[str] = None,
        title: Optional[str] = None,
        ttl_seconds: Optional[int] = None,
        valid_from: Time = None,
        supersedes: Optional[Iterable[str]] = None,
        dedupe: Optional[bool] = None,
        source: Optional[str] = None,
    ) -> Remembered:
        """``POST /facts``: a new fact (``created``), or the near-duplicate it reinforced (``reinforced``)."""
        body = _fields(
            content=content,
            category=category,
            type=type,
            importance=importance,
            persistent=persistent,
            tags=list(tags) if tags is not None else None,
            key=key,
            title=title,
            ttl_seconds=ttl_seconds,
            valid_from=valid_from,
            supersedes=list(supersedes) if supersedes is not None else None,
            dedupe=dedupe,
            source=source,
        )
        return self._send(Call("POST", _scope(scope) + "/facts", lambda r: Remembered.from_json(r.json(), r.status), json=body))

    def remember_many(self, scope: str, facts: Sequence[Mapping[str, Any]]) -> BatchResult:
        """``POST /facts:batch``: 1–1000 facts' input fields in one transaction."""
        items = [_fields(**dict(f)) for f in facts]
        return self._send(Call("POST", _scope(scope) + "/facts:batch", lambda r: BatchResult.from_json(r.json()), json={"facts": items}))

    def fact(self, scope: str, fact_id: str) -> Fact:
        return self._send(Call("GET", _scope(scope) + "/facts/" + _segment(fact_id, "fact id"), lambda r: Fact.from_json(r.json())))

    def facts(
        self,
        scope: str,
        *,
        category: Optional[str] = None,
        type: Optional[str] = None,
        tag: Optional[str] = None,
        persistent: Optional[bool] = None,
        q: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        include_superseded: Optional[bool] = None,
        as_of: Time = None,
    ) -> FactPage:
        """``GET /facts``: one page, newest first (``iter_facts`` walks every page)."""
        params = _fields(
            category=category,
            type=type,
            tag=tag,
            persistent=persistent,
            q=q,
            limit=limit,
            cursor=cursor,
            include_superseded=include_superseded,
            as_of=as_of,
        )
        return self._send(Call("GET", _scope(scope) + "/facts", lambda r: FactPage.from_json(r.json()), params=params))

    def update(self, scope: str, fact_id: str, **fields: Any) -> Fact:
        """``PATCH /facts/{id}``: any input field; ``superseded_by=None`` is sent (it makes the fact current again)."""
        body = _fields(**fields)
        if "superseded_by" in fields and fields["superseded_by"] is None:
            body["superseded_by"] = None
        return self._send(Call("PATCH", _scope(scope) + "/facts/" + _segment(fact_id, "fact id"), lambda r: Fact.from_json(r.json()), json=body))

    def forget(self, scope: str, fact_id: str) -> None:
        """``DELETE /facts/{id}``: the fact, its versions and its daily-log entries."""
        return self._send(Call("DELETE", _scope(scope) + "/facts/" + _segment(fact_id, "fact id"), _nothing))

    def history(self, scope: str, fact_id: str) -> List[Version]:
        return self._send(
            Call(
                "GET",
                _scope(scope) + "/facts/" + _segment(fact_id, "fact id") + "/history",
                lambda r: [Version.from_json(v) for v in r.json().get("items") or ()],
            )
        )

    def save(self, scope: str, key: str, content: str, **fields: Any) -> Fact:
        """``PUT /facts/by-key?key=``: creates the fact under ``key`` or replaces its value (a new version)."""
        body = _fields(content=content, **fields)
        return self._send(Call("PUT", _scope(scope) + "/facts/by-key", lambda r: Fact.from_json(r.json()), params={"key": key}, json=body))

    def by_key(self, scope: str, key: str) -> Fact:
        return self._send(Call("GET", _scope(scope) + "/facts/by-key", lambda r: Fact.from_json(r.json()), params={"key": key}))

    def forget_key(self, scope: str, key: str) -> None:
        return self._send(Call("DELETE", _scope(scope) + "/facts/by-key", _nothing, params={"key": key}))

    # --- recall, search, context ------------------------------------------------------------------------------

    def recall(
        self,
        scopes: Scopes,
        q: str,
        *,
        limit: Optional[int] = None,
        mode: Optional[str] = None,
        type: Optional[str] = None,
        category: Optional[str] = None,
        tag: Optional[str] = None,
        min_score: Optional[float] = None,
        include_superseded: Optional[bool] = None,
        as_of: Time = None,
    ) -> Recall:
        """``GET /recall``: best first, by meaning and words; a list of scopes ranks them all on one scale."""
        params = _fields(
            q=q,
            limit=limit,
            mode=mode,
            type=type,
            category=category,
            tag=tag,
            min_score=min_score,
            include_superseded=include_superseded,
            as_of=as_of,
        )
        if isinstance(scopes, str):
            path = _scope(scopes) + "/recall"
        else:
            path = "/api/v1/recall"
            params["scopes"] = _scope_list(scopes)
        return self._send(Call("GET", path, lambda r: Recall.from_json(r.json()), params=params))

    def search(
        self,
        scope: str,
        q: str,
        *,
        top_k: Optional[int] = None,
        include_superseded: Optional[bool] = None,
        as_of: Time = None,
    ) -> List[Fact]:
        """``GET /search``: BM25 only, best first, nothing reinforced."""
        params = _fields(q=q, top_k=top_k, include_superseded=include_superseded, as_of=as_of)
        return self._send(
            Call("GET", _scope(scope) + "/search", lambda r: [Fact.from_json(f) for f in r.json().get("items") or ()], params=params)
        )

    def context(
        self, scopes: Scopes, *, q: Optional[str] = None, max_tokens: Optional[int] = None, as_of: Time = None
    ) -> str:
        """``GET /context``: the prompt block (empty when the scope holds nothing)."""
        params = _fields(q=q, max_tokens=max_tokens, as_of=as_of)
        if isinstance(scopes, str):
            path = _scope(scopes) + "/context"
        else:
            path = "/api/v1/context"
            params["scopes"] = _scope_list(scopes)
        return self._send(Call("GET", path, lambda r: r.text, params=params))

    # --- MEMORY.md and daily logs -----------------------------------------------------------------------------

    def memory_md(self, scope: str) -> str:
        return self._send(Call("GET", _scope(scope) + "/memory.md", lambda r: r.text))

    def import_memory_md(self, scope: str, markdown: str) -> Dict[str, int]:
        """``PUT /memory.md``: its lines become persistent facts → ``{"imported", "skipped"}``."""
        return self._send(
            Call(
                "PUT",
                _scope(scope) + "/memory.md",
                _json,
                content=markdown.encode("utf-8"),
                headers={"Content-Type": "text/markdown; charset=utf-8"},
            )
        )

    def logs(self, scope: str, *, days: Optional[int] = None, limit: Optional[int] = None) -> List[LogEntry]:
        return self._send(
            Call(
                "GET",
                _scope(scope) + "/logs",
                lambda r: [LogEntry.from_json(e) for e in r.json().get("items") or ()],
                params=_fields(days=days, limit=limit),
            )
        )

    def log_day(self, scope: str, day: str) -> List[LogEntry]:
        """``GET /logs/{yyyy-mm-dd}``: that UTC day's entries, oldest first."""
        return self._send(
            Call(
                "GET",
                _scope(scope) + "/logs/" + _segment(day, "day"),
                lambda r: [LogEntry.from_json(jsonlib.loads(line)) for line in r.text.splitlines() if line.strip()],
            )
        )

    def prune_logs(self, scope: str, *, max_days: Optional[int] = None) -> int:
        return self._send(
            Call("POST", _scope(scope) + "/logs:prune", lambda r: int(r.json()["deleted_days"]), params=_fields(max_days=max_days))
        )

    def clear_logs(self, scope: str) -> None:
        return self._send(Call("DELETE", _scope(scope) + "/logs", _nothing))

    # --- snapshots, stats, decay, learn ----------------------------------------------------------------------

    def snapshot(self, scope: str, name: str) -> Snapshot:
        return self._send(Call("POST", _scope(scope) + "/snapshots", lambda r: Snapshot.from_json(r.json()), json={"name": name}))

    def snapshots(self, scope: str) -> List[Snapshot]:
        return self._send(
            Call("GET", _scope(scope) + "/snapshots", lambda r: [Snapshot.from_json(s) for s in r.json().get("items") or ()])
        )

    def delete_snapshot(self, scope: str, name: str) -> None:
        return self._send(Call("DELETE", _scope(scope) + "/snapshots/" + _segment(name, "snapshot name"), _nothing))

    def restore(self, scope: str, name: str) -> int:
        """The scope's facts become exactly the snapshot's; returns how many it holds."""
        return self._send(
            Call("POST", _scope(scope) + "/snapshots/" + _segment(name, "snapshot name") + "/restore", lambda r: int(r.json()["restored"]))
        )

    def diff(self, scope: str, name: str, against: str = "current") -> Dict[str, Any]:
        return self._send(
            Call("GET", _scope(scope) + "/snapshots/" + _segment(name, "snapshot name") + "/diff", _json, params={"against": against})
        )

    def stats(self, scope: str) -> Dict[str, Any]:
        return self._send(Call("GET", _scope(scope) + "/stats", _json))

    def decay(self, scope: str) -> Dict[str, int]:
        return self._send(Call("POST", _scope(scope) + "/decay", _json))

    def learn(
        self,
        scope: str,
        turns: Sequence[Mapping[str, str]],
        *,
        provider: Optional[str] = None,
        conflict_threshold: Optional[float] = None,
    ) -> Learned:
        """``POST /learn``: facts taken from a conversation (``[{"role", "content"}, …]``)."""
        body = _fields(turns=[dict(t) for t in turns], provider=provider, conflict_threshold=conflict_threshold)
        return self._send(Call("POST", _scope(scope) + "/learn", lambda r: Learned.from_json(r.json()), json=body))

    # --- scopes, tools, tenant --------------------------------------------------------------------------------

    def scopes(self) -> List[ScopeInfo]:
        return self._send(Call("GET", "/api/v1/scopes", lambda r: [ScopeInfo.from_json(s) for s in r.json().get("items") or ()]))

    def delete_scope(self, scope: str) -> None:
        """``DELETE /scopes/{scope}`` (memory.admin): its facts, logs and snapshots."""
        return self._send(Call("DELETE", _scope(scope), _nothing))

    def tools(self, format: str = "openai") -> Any:
        """The tool definitions an agent registers, in OpenAI's or Anthropic's format."""
        return self._send(Call("GET", "/api/v1/tools", _json, params={"format": format}))

    def call_tool(self, scope: str, name: str, arguments: Optional[Mapping[str, Any]] = None) -> ToolResult:
        return self._send(
            Call(
                "POST",
                _scope(scope) + "/tool-calls",
                lambda r: ToolResult.from_json(r.json()),
                json={"name": name, "arguments": dict(arguments or {})},
            )
        )

    def erase(self, subject: str, *, content_contains: Optional[str] = None) -> Dict[str, Any]:
        """``POST /erasures`` (memory.admin): every trace of a data subject; returns the receipt."""
        return self._send(Call("POST", "/api/v1/erasures", _json, json=_fields(subject=subject, content_contains=content_contains)))

    def settings(self) -> Dict[str, Any]:
        return self._send(Call("GET", "/api/v1/tenant/settings", _json))

    def update_settings(self, **settings: Any) -> Dict[str, Any]:
        return self._send(Call("PUT", "/api/v1/tenant/settings", _json, json=settings))

    def quotas(self) -> Dict[str, Any]:
        return self._send(Call("GET", "/api/v1/tenant/quotas", _json))

    def export(self, *, scope_prefix: Optional[str] = None) -> List[Dict[str, Any]]:
        """``GET /export`` (memory.admin): the tenant's lines (facts, versions, logs, snapshots)."""
        return self._send(
            Call(
                "GET",
                "/api/v1/export",
                lambda r: [jsonlib.loads(line) for line in r.text.splitlines() if line.strip()],
                params=_fields(scope_prefix=scope_prefix),
            )
        )

    def import_lines(self, lines: Iterable[Mapping[str, Any]], *, dry_run: bool = False) -> Dict[str, Any]:
        """``POST /import`` (memory.admin): lines in the export's format; one invalid line imports nothing."""
        body = "".join(jsonlib.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")
        return self._send(
            Call(
                "POST",
                "/api/v1/import",
                _json,
                params={"dry_run": dry_run},
                content=body,
                headers={"Content-Type": "application/x-ndjson"},
            )
        )
