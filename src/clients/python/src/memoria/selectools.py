"""selectools' knowledge memory on a Memoria server: change ``from selectools.knowledge import KnowledgeMemory`` to
``from memoria.selectools import KnowledgeMemory`` and the agent's long-term memory lives in a Memoria scope.

The interface is selectools 1.3's (``KnowledgeMemory``, ``KnowledgeEntry``, the ``KnowledgeStore`` protocol through
``memory.store``, ``make_remember_tool`` and ``make_recall_tool``). What differs, because the memory is a server's:

- ``directory`` names the Memoria scope (``./agent_memory`` → ``selectools:agent_memory``) unless ``scope=`` is given;
  nothing is written to disk, so no ``.log``, ``MEMORY.md`` or ``entries.jsonl`` appears there, and ``backend`` and
  ``flush()`` have nothing to do.
- An entry's id is its fact's key in the scope, so ``store.get(id)``, ``store.save(entry)`` and ``store.delete(id)``
  address it as selectools does; ``metadata`` is not stored.
- ``build_context()`` lists the scope's current facts: a fact that a newer one superseded is not in the prompt.
- The ``recall`` tool ranks by meaning and words (Memoria's recall), with selectools' reply format.
"""

from __future__ import annotations

import difflib
import os
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from ._dropin import absent, check_scope, client_or_default, scope_from_parts
from .client import Memoria
from .errors import MemoriaError
from .models import Fact

__all__ = [
    "KnowledgeEntry",
    "KnowledgeMemory",
    "MemoriaKnowledgeStore",
    "make_recall_tool",
    "make_remember_tool",
]

PreSaveHook = Callable[[str], Optional[str]]


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _utc(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


@dataclass
class KnowledgeEntry:
    """selectools' entry: one fact of the scope."""

    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    content: str = ""
    category: str = "general"
    importance: float = 0.5
    persistent: bool = False
    ttl_days: Optional[int] = None
    created_at: datetime = field(default_factory=_now)
    updated_at: datetime = field(default_factory=_now)
    metadata: Dict[str, Any] = field(default_factory=dict)

    @property
    def is_expired(self) -> bool:
        if self.ttl_days is None:
            return False
        return _now() > _utc(self.created_at) + timedelta(days=self.ttl_days)

    @classmethod
    def from_fact(cls, fact: Fact) -> "KnowledgeEntry":
        created = fact.created_at or _now()
        ttl_days = None
        if fact.expires_at is not None:
            ttl_days = max(1, round((fact.expires_at - created).total_seconds() / 86400))
        return cls(
            id=fact.key or fact.id,
            content=fact.content,
            category=fact.category,
            importance=fact.importance,
            persistent=fact.persistent,
            ttl_days=ttl_days,
            created_at=created,
            updated_at=fact.updated_at or created,
        )


class MemoriaKnowledgeStore:
    """selectools' ``KnowledgeStore`` protocol over one Memoria scope; an entry's id is its fact's key."""

    def __init__(self, client: Memoria, scope: str) -> None:
        self._client = client
        self.scope = check_scope(scope)

    def save(self, entry: KnowledgeEntry) -> str:
        """Upserts by id. A TTL counts from the entry's ``created_at``, as in selectools; an entry already expired is
        not stored (Memoria never returns an expired fact, and selectools' query never does either)."""
        ttl = None
        if entry.ttl_days is not None:
            remaining = (_utc(entry.created_at) + timedelta(days=entry.ttl_days) - _now()).total_seconds()
            if remaining < 1:
                self.delete(entry.id)
                return entry.id
            ttl = int(remaining)
        self._client.save(
            self.scope,
            entry.id,
            entry.content,
            category=entry.category or "general",
            importance=min(1.0, max(0.0, float(entry.importance))),
            persistent=bool(entry.persistent),
            ttl_seconds=ttl,
        )
        return entry.id

    def get(self, entry_id: str) -> Optional[KnowledgeEntry]:
        try:
            return KnowledgeEntry.from_fact(self._client.by_key(self.scope, entry_id))
        except MemoriaError as error:
            if absent(error) or error.status == 400:
                return None
            raise

    def query(
        self,
        category: Optional[str] = None,
        min_importance: float = 0.0,
        since: Optional[datetime] = None,
        limit: int = 50,
    ) -> List[KnowledgeEntry]:
        """Live entries, most important first (newest first among equals)."""
        entries = [KnowledgeEntry.from_fact(f) for f in self._client.iter_facts(self.scope, category=category or None)]
        since = _utc(since) if since is not None else None
        kept = [
            e
            for e in entries
            if e.importance >= min_importance and (since is None or _utc(e.created_at) >= since)
        ]
        kept.sort(key=lambda e: -e.importance)
        return kept[: max(0, limit)]

    def delete(self, entry_id: str) -> bool:
        try:
            self._client.forget_key(self.scope, entry_id)
            return True
        except MemoriaError as error:
            if absent(error) or error.status == 400:
                return False
            raise

    def count(self) -> int:
        return sum(1 for _ in self._client.iter_facts(self.scope))

    def prune(self, max_age_days: Optional[int] = None, min_importance: float = 0.0) -> int:
        """Removes non-persistent entries older than ``max_age_days`` or below ``min_importance``."""
        cutoff = _now() - timedelta(days=max_age_days) if max_age_days is not None else None
        removed = 0
        for entry in self.query(limit=1_000_000):
            if entry.persistent:
                continue
            if (cutoff is not None and _utc(entry.created_at) < cutoff) or entry.importance < min_importance:
                removed += self.delete(entry.id)
        return removed


class KnowledgeMemory:
    """selectools' ``KnowledgeMemory`` on a Memoria scope (see the module's notes for what differs)."""

    def __init__(
        self,
        directory: str = "./memory",
        store: Optional[Any] = None,
        recent_days: int = 2,
        max_context_chars: int = 5000,
        max_entries: int = 50,
        backend: Optional[Any] = None,
        pre_save: Optional[Union[PreSaveHook, Sequence[PreSaveHook]]] = None,
        dedupe: bool = False,
        dedupe_threshold: float = 0.9,
        dedupe_window: int = 200,
        *,
        scope: Optional[str] = None,
        client: Optional[Memoria] = None,
    ) -> None:
        self._client = client_or_default(client)
        self._directory = directory
        self._scope = check_scope(scope) if scope else scope_from_parts("selectools", _path_parts(directory))
        self._store = store if store is not None else MemoriaKnowledgeStore(self._client, self._scope)
        self._recent_days = recent_days
        self._max_context_chars = max_context_chars
        self._max_entries = max_entries
        self._backend = backend
        hooks = [] if pre_save is None else [pre_save] if callable(pre_save) else list(pre_save)
        self._pre_save: List[PreSaveHook] = hooks
        self._dedupe = dedupe
        self._dedupe_threshold = dedupe_threshold
        self._dedupe_window = dedupe_window

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def scope(self) -> str:
        """The Memoria scope this memory reads and writes."""
        return self._scope

    @property
    def store(self) -> Any:
        return self._store

    @property
    def backend(self) -> Optional[Any]:
        return self._backend

    def remember(
        self,
        content: str,
        category: str = "general",
        persistent: bool = False,
        importance: float = 0.5,
        ttl_days: Optional[int] = None,
        metadata: Optional[Dict[str, Any]] = None,
    ) -> str:
        """Saves a fact; returns its id, or ``""`` when a pre-save hook or the dedupe check rejected it."""
        text = content
        for hook in self._pre_save:
            changed = hook(text)
            if changed is None:
                return ""
            text = changed
        if self._dedupe and self._is_duplicate(text):
            return ""
        entry = KnowledgeEntry(
            content=text,
            category=category,
            importance=importance,
            persistent=persistent,
            ttl_days=ttl_days,
            metadata=dict(metadata or {}),
        )
        entry_id = self._store.save(entry)
        self._enforce_max_entries()
        return entry_id

    def _is_duplicate(self, text: str) -> bool:
        recent = self._client.facts(self._scope, limit=min(500, max(1, self._dedupe_window))).items
        return any(
            difflib.SequenceMatcher(None, text, fact.content).ratio() >= self._dedupe_threshold for fact in recent
        )

    def _enforce_max_entries(self) -> None:
        live = self._store.query(limit=self._max_entries + 1000)
        excess = len(live) - self._max_entries
        if excess <= 0:
            return
        for entry in sorted((e for e in live if not e.persistent), key=lambda e: e.importance)[:excess]:
            self._store.delete(entry.id)

    def get_recent_logs(self, days: Optional[int] = None) -> str:
        """The scope's daily log of the last ``days`` UTC days (default ``recent_days``), newest day first."""
        days = self._recent_days if days is None else days
        if days <= 0:
            return ""
        by_day: Dict[str, List[str]] = {}
        for entry in sorted(self._client.logs(self._scope, days=days, limit=500), key=lambda e: e.timestamp or _now()):
            stamp = entry.timestamp or _now()
            by_day.setdefault(stamp.strftime("%Y-%m-%d"), []).append(
                f"[{stamp.strftime('%Y-%m-%d %H:%M:%S')}] [{entry.category}] {entry.content}"
            )
        lines: List[str] = []
        for i in range(days):
            date = (_now() - timedelta(days=i)).strftime("%Y-%m-%d")
            if by_day.get(date):
                lines.append(f"=== {date} ===")
                lines.append("\n".join(by_day[date]))
        return "\n".join(lines)

    def get_persistent_facts(self) -> str:
        """The persistent facts as MEMORY.md lines (``- [category] content``), oldest first."""
        facts = sorted(
            self._client.iter_facts(self._scope, persistent=True), key=lambda f: f.created_at or _now()
        )
        return "\n".join(f"- [{f.category}] {f.content}" for f in facts)

    def build_context(self) -> str:
        """The prompt block: ``[Important Knowledge]`` (importance ≥ 0.7) and ``[General Knowledge]``."""
        entries = self._store.query(limit=self._max_entries)
        if not entries:
            return ""
        high = [e for e in entries if e.importance >= 0.7]
        rest = [e for e in entries if e.importance < 0.7]
        parts = []
        if high:
            parts.append("[Important Knowledge]\n" + "\n".join(_line(e) for e in high))
        if rest:
            parts.append("[General Knowledge]\n" + "\n".join(_line(e) for e in rest))
        context = "\n\n".join(parts)
        if len(context) > self._max_context_chars:
            context = context[: self._max_context_chars - 16] + "\n... (truncated)"
        return context

    def prune_old_logs(self, keep_days: Optional[int] = None) -> int:
        """Deletes the scope's log days older than ``keep_days`` (default ``recent_days``); returns how many."""
        keep = self._recent_days if keep_days is None else keep_days
        return self._client.prune_logs(self._scope, max_days=max(0, keep))

    def flush(self) -> None:
        """Nothing to do: every remember is already stored on the server when it returns."""

    def to_dict(self) -> Dict[str, Any]:
        return {
            "directory": self._directory,
            "recent_days": self._recent_days,
            "max_context_chars": self._max_context_chars,
            "max_entries": self._max_entries,
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any], *, client: Optional[Memoria] = None) -> "KnowledgeMemory":
        return cls(
            directory=data.get("directory", "./memory"),
            recent_days=data.get("recent_days", 2),
            max_context_chars=data.get("max_context_chars", 5000),
            max_entries=data.get("max_entries", 50),
            client=client,
        )


def _line(entry: KnowledgeEntry) -> str:
    tag = f"[{entry.category}]" if entry.category != "general" else ""
    return f"- {tag} {entry.content}".strip()


def _path_parts(directory: str) -> List[str]:
    return [p for p in os.path.normpath(str(directory)).replace("\\", "/").split("/") if p]


def remember_tool_function(knowledge: KnowledgeMemory) -> Callable[..., str]:
    """The ``remember`` tool's function: string arguments as a model sends them, the entry id back."""

    def remember(content: str, category: str = "general", persistent: str = "false") -> str:
        flag = str(persistent).strip().lower() in ("true", "yes", "1")
        return knowledge.remember(content=content, category=category or "general", persistent=flag)

    return remember


def recall_tool_function(knowledge: KnowledgeMemory) -> Callable[..., str]:
    """The ``recall`` tool's function: Memoria's recall (meaning and words), in selectools' reply format."""

    def recall(query: str, limit: str = "5") -> str:
        try:
            wanted = int(limit)
        except (TypeError, ValueError):
            wanted = 5
        if wanted < 1:
            wanted = 5
        if query.strip():
            facts = knowledge._client.recall(knowledge.scope, query, limit=min(100, wanted), min_score=0.05).facts
            matches = [KnowledgeEntry.from_fact(f) for f in facts]
        else:
            matches = knowledge.store.query(limit=wanted)
        if not matches:
            return f"No memories found matching '{query}'."
        lines = [f"Found {len(matches)} memor{'y' if len(matches) == 1 else 'ies'}:"]
        for i, entry in enumerate(matches, 1):
            tag = f"[{entry.category}] " if entry.category != "general" else ""
            lines.append(f"{i}. {tag}{entry.content}")
        return "\n".join(lines)

    return recall


def make_remember_tool(knowledge: KnowledgeMemory) -> Any:
    """selectools' ``remember`` Tool (needs selectools installed)."""
    return _tool(
        "remember",
        "Store a piece of information for future reference. Use this to remember user preferences, important facts, "
        "or context that should persist across conversations. Set persistent=true for long-term facts that should "
        "never expire.",
        remember_tool_function(knowledge),
        [("content", "The information to remember", True), ("category", "A category such as preference, fact, "
         "instruction (default general)", False), ("persistent", "true for long-term facts (default false)", False)],
    )


def make_recall_tool(knowledge: KnowledgeMemory) -> Any:
    """selectools' ``recall`` Tool (needs selectools installed)."""
    return _tool(
        "recall",
        "Search long-term memory for facts, preferences or context saved earlier.",
        recall_tool_function(knowledge),
        [("query", "What to look for", True), ("limit", "How many memories at most (default 5)", False)],
    )


def _tool(name: str, description: str, function: Callable[..., str], params: List[Any]) -> Any:
    try:
        from selectools.tools import Tool, ToolParameter  # type: ignore
    except ImportError as error:  # pragma: no cover - depends on the user's environment
        raise ImportError(
            f"make_{name}_tool builds a selectools Tool: install selectools, or call {name}_tool_function(memory) "
            "for the plain function"
        ) from error
    parameters = [ToolParameter(name=p, param_type=str, description=d, required=r) for p, d, r in params]
    return Tool(name=name, description=description, parameters=parameters, function=function)
