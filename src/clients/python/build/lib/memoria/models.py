"""What the server answers, as typed, immutable values. Unknown fields a newer server adds are kept in ``raw``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Dict, List, Mapping, Optional, Tuple


def parse_time(value: Any) -> Optional[datetime]:
    """An RFC 3339 timestamp (``2026-03-13T10:15:00Z``) as an aware datetime; ``None`` stays ``None``."""
    if value is None:
        return None
    text = str(value)
    if text.endswith("Z") or text.endswith("z"):
        text = text[:-1] + "+00:00"
    return datetime.fromisoformat(text)


def format_time(value: Any) -> Optional[str]:
    """A datetime (naive ones are taken as UTC) or an RFC 3339 string, as the server reads it."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return value.isoformat(timespec="milliseconds") + "Z"
        return value.isoformat(timespec="milliseconds")
    raise TypeError(f"a time must be a datetime or an RFC 3339 string, not {type(value).__name__}")


@dataclass(frozen=True)
class Fact:
    """One fact of a scope, as API.md describes it."""

    id: str
    scope: str
    content: str
    category: str = "general"
    type: str = "semantic"
    importance: float = 0.5
    persistent: bool = False
    tags: Tuple[str, ...] = ()
    key: Optional[str] = None
    title: Optional[str] = None
    source: Optional[str] = None
    created_at: Optional[datetime] = None
    updated_at: Optional[datetime] = None
    last_accessed_at: Optional[datetime] = None
    access_count: int = 0
    expires_at: Optional[datetime] = None
    retention: float = 1.0
    version: int = 1
    valid_from: Optional[datetime] = None
    valid_to: Optional[datetime] = None
    superseded_by: Optional[str] = None
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def current(self) -> bool:
        """True while no newer fact supersedes this one."""
        return self.superseded_by is None and self.valid_to is None

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "Fact":
        return cls(
            id=str(body["id"]),
            scope=str(body.get("scope", "")),
            content=str(body.get("content", "")),
            category=str(body.get("category") or "general"),
            type=str(body.get("type") or "semantic"),
            importance=float(body.get("importance", 0.5)),
            persistent=bool(body.get("persistent", False)),
            tags=tuple(body.get("tags") or ()),
            key=body.get("key"),
            title=body.get("title"),
            source=body.get("source"),
            created_at=parse_time(body.get("created_at")),
            updated_at=parse_time(body.get("updated_at")),
            last_accessed_at=parse_time(body.get("last_accessed_at")),
            access_count=int(body.get("access_count") or 0),
            expires_at=parse_time(body.get("expires_at")),
            retention=float(body.get("retention", 1.0)),
            version=int(body.get("version") or 1),
            valid_from=parse_time(body.get("valid_from")),
            valid_to=parse_time(body.get("valid_to")),
            superseded_by=body.get("superseded_by"),
            raw=dict(body),
        )


@dataclass(frozen=True)
class Remembered:
    """The answer of a remember: the fact, whether an existing one was reinforced (or replaced by key), and the ids
    of the facts the new one superseded."""

    fact: Fact
    created: bool
    reinforced: bool = False
    superseded: Tuple[str, ...] = ()

    @classmethod
    def from_json(cls, body: Mapping[str, Any], status: int) -> "Remembered":
        return cls(
            fact=Fact.from_json(body),
            created=status == 201,
            reinforced=bool(body.get("reinforced", False)),
            superseded=tuple(body.get("superseded") or ()),
        )


@dataclass(frozen=True)
class BatchResult:
    created: int
    reinforced: int
    items: Tuple[Fact, ...]

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "BatchResult":
        return cls(
            created=int(body.get("created", 0)),
            reinforced=int(body.get("reinforced", 0)),
            items=tuple(Fact.from_json(i) for i in body.get("items") or ()),
        )


@dataclass(frozen=True)
class FactPage:
    """One page of ``GET /facts``, newest first; ``next_cursor`` is ``None`` on the last page."""

    items: Tuple[Fact, ...]
    next_cursor: Optional[str]

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "FactPage":
        return cls(tuple(Fact.from_json(i) for i in body.get("items") or ()), body.get("next_cursor"))


@dataclass(frozen=True)
class Signals:
    """Each in [0, 1]; ``semantic`` is ``None`` while the fact has no vector or embeddings are off."""

    keyword: float = 0.0
    semantic: Optional[float] = None
    importance: float = 0.0
    retention: float = 0.0

    @classmethod
    def from_json(cls, body: Optional[Mapping[str, Any]]) -> "Signals":
        body = body or {}
        semantic = body.get("semantic")
        return cls(
            keyword=float(body.get("keyword") or 0.0),
            semantic=None if semantic is None else float(semantic),
            importance=float(body.get("importance") or 0.0),
            retention=float(body.get("retention") or 0.0),
        )


@dataclass(frozen=True)
class RecallItem:
    fact: Fact
    score: float
    signals: Signals


@dataclass(frozen=True)
class Recall:
    """The answer of a recall: the items best first, the mode that was used, and the prompt lines."""

    query: str
    mode: str
    items: Tuple[RecallItem, ...]
    context: str

    @property
    def facts(self) -> List[Fact]:
        return [item.fact for item in self.items]

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "Recall":
        return cls(
            query=str(body.get("query", "")),
            mode=str(body.get("mode", "")),
            items=tuple(
                RecallItem(Fact.from_json(i["fact"]), float(i.get("score", 0.0)), Signals.from_json(i.get("signals")))
                for i in body.get("items") or ()
            ),
            context=str(body.get("context") or ""),
        )


@dataclass(frozen=True)
class Version:
    """One version of a fact, from ``GET /facts/{id}/history``, oldest first."""

    version: int
    content: str
    change: str
    category: Optional[str] = None
    type: Optional[str] = None
    importance: Optional[float] = None
    title: Optional[str] = None
    tags: Tuple[str, ...] = ()
    valid_from: Optional[datetime] = None
    valid_to: Optional[datetime] = None
    changed_at: Optional[datetime] = None
    source: Optional[str] = None

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "Version":
        importance = body.get("importance")
        return cls(
            version=int(body.get("version", 1)),
            content=str(body.get("content", "")),
            change=str(body.get("change", "")),
            category=body.get("category"),
            type=body.get("type"),
            importance=None if importance is None else float(importance),
            title=body.get("title"),
            tags=tuple(body.get("tags") or ()),
            valid_from=parse_time(body.get("valid_from")),
            valid_to=parse_time(body.get("valid_to")),
            changed_at=parse_time(body.get("changed_at")),
            source=body.get("source"),
        )


@dataclass(frozen=True)
class LogEntry:
    timestamp: Optional[datetime]
    category: str
    content: str
    persistent: bool = False
    fact_id: Optional[str] = None

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "LogEntry":
        return cls(
            timestamp=parse_time(body.get("timestamp")),
            category=str(body.get("category", "")),
            content=str(body.get("content", "")),
            persistent=bool(body.get("persistent", False)),
            fact_id=body.get("fact_id"),
        )


@dataclass(frozen=True)
class Snapshot:
    name: str
    created_at: Optional[datetime]
    facts: int

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "Snapshot":
        facts = body.get("facts", 0)
        return cls(str(body["name"]), parse_time(body.get("created_at")), len(facts) if isinstance(facts, list) else int(facts))


@dataclass(frozen=True)
class ScopeInfo:
    scope: str
    facts: int
    persistent_facts: int
    log_entries: int
    updated_at: Optional[datetime]

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "ScopeInfo":
        return cls(
            scope=str(body["scope"]),
            facts=int(body.get("facts", 0)),
            persistent_facts=int(body.get("persistent_facts", 0)),
            log_entries=int(body.get("log_entries", 0)),
            updated_at=parse_time(body.get("updated_at")),
        )


@dataclass(frozen=True)
class Learned:
    """What ``learn`` took from a conversation."""

    added: Tuple[Fact, ...]
    reinforced: Tuple[Fact, ...]
    superseded: Tuple[str, ...]
    skipped: int

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "Learned":
        return cls(
            added=tuple(Fact.from_json(f) for f in body.get("added") or ()),
            reinforced=tuple(Fact.from_json(f) for f in body.get("reinforced") or ()),
            superseded=tuple(body.get("superseded") or ()),
            skipped=int(body.get("skipped", 0)),
        )


@dataclass(frozen=True)
class ToolResult:
    """The answer of a tool call: text for the model and the structured data behind it."""

    content: str
    data: Dict[str, Any]

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> "ToolResult":
        return cls(str(body.get("content", "")), dict(body.get("data") or {}))
