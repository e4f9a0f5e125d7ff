"""agentmemo's knowledge base on a Memoria server: change ``from agentmemo import KnowledgeBase`` to
``from memoria.agentmemo import KnowledgeBase`` and the agent's facts live in a Memoria scope.

The interface is agentmemo 0.3's (``KnowledgeBase``, ``Fact``, ``MemoryType``, ``ConversationTurn``,
``SnapshotDiff``). What differs, because the memory is a server's:

- ``agent_id`` names the scope (``"support-bot"`` → ``agent:support-bot``) unless ``scope=`` is given; ``storage`` is
  accepted and not used.
- Fact ids are the server's (UUIDs), not 8 hex characters.
- ``recall`` ranks by meaning and words (Memoria's recall) and reinforces what it returns, as agentmemo does; like
  agentmemo it answers ``top_k`` facts whenever the scope holds that many, those no word or meaning matched last,
  by importance and retention; a fact that a newer one superseded is not recalled.
- A fact's content is at most 8,000 characters (the server's limit); a longer one is refused with MemoriaError.
- ``learn`` runs on the server: the provider's key is the server's configuration, never sent from here (``api_key``
  is ignored); ``provider`` names one of the server's providers (``rules``, ``openai``, ``openai-compat``,
  ``anthropic``), by default the server's own choice. It returns the facts it added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from enum import Enum
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._dropin import absent, check_scope, client_or_default, scope_from_parts
from .client import Memoria
from .errors import MemoriaError
from .models import Fact as MemoriaFact

__all__ = ["ConversationTurn", "Fact", "KnowledgeBase", "MemoryType", "SnapshotDiff"]

SERVER_PROVIDERS = ("rules", "openai", "openai-compat", "anthropic")


class MemoryType(str, Enum):
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"
    EPISODIC = "episodic"

    def __str__(self) -> str:
        return self.value


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class Fact:
    """agentmemo's fact."""

    content: str
    type: MemoryType = MemoryType.SEMANTIC
    importance: float = 0.8
    retention_score: float = 1.0
    access_count: int = 0
    tags: List[str] = field(default_factory=list)
    id: str = ""
    created_at: datetime = field(default_factory=_now)
    last_accessed: datetime = field(default_factory=_now)

    @classmethod
    def from_memoria(cls, fact: MemoriaFact) -> "Fact":
        created = fact.created_at or _now()
        return cls(
            content=fact.content,
            type=MemoryType(fact.type),
            importance=fact.importance,
            retention_score=fact.retention,
            access_count=fact.access_count,
            tags=list(fact.tags),
            id=fact.id,
            created_at=created,
            last_accessed=fact.last_accessed_at or created,
        )


@dataclass
class ConversationTurn:
    role: str
    content: str


@dataclass
class SnapshotDiff:
    snapshot_a: str
    snapshot_b: str
    added: List[Fact]
    removed: List[Fact]


class KnowledgeBase:
    """agentmemo's ``KnowledgeBase`` on a Memoria scope (see the module's notes for what differs)."""

    def __init__(
        self,
        agent_id: str,
        storage: Optional[Any] = None,
        *,
        scope: Optional[str] = None,
        client: Optional[Memoria] = None,
    ) -> None:
        self._agent_id = agent_id
        self._client = client_or_default(client)
        self._scope = check_scope(scope) if scope else scope_from_parts("agent", [agent_id])

    @property
    def scope(self) -> str:
        """The Memoria scope this knowledge base reads and writes."""
        return self._scope

    def add(
        self,
        content: str,
        *,
        type: MemoryType = MemoryType.SEMANTIC,
        importance: float = 0.8,
        tags: Union[List[str], Tuple[str, ...]] = (),
    ) -> Fact:
        """Stores a fact as given (no dedup, as in agentmemo); newer values supersede older ones on the server."""
        if not content or not content.strip():
            raise ValueError("content must not be empty")
        if not 0.0 <= importance <= 1.0:
            raise ValueError(f"importance must be between 0.0 and 1.0, got {importance}")
        kind = MemoryType(type)
        fact = self._client.remember(
            self._scope, content, type=kind.value, importance=importance, tags=list(tags), dedupe=False
        ).fact
        return Fact.from_memoria(fact)

    def recall(self, query: str, *, top_k: int = 5) -> str:
        """The ``top_k`` most relevant facts, one ``[type] content`` line each; ``""`` when there are none."""
        return "\n".join(f"[{f.type.value}] {f.content}" for f in self.recall_facts(query, top_k=top_k))

    def recall_facts(self, query: str, *, top_k: int = 5) -> List[Fact]:
        return [fact for fact, _ in self.recall_facts_with_scores(query, top_k=top_k)]

    def recall_facts_with_scores(self, query: str, *, top_k: int = 5) -> List[Tuple[Fact, float]]:
        if top_k < 1:
            return []
        if not query or not query.strip():
            return [(f, 0.0) for f in self.list_facts()[:top_k]]
        recall = self._client.recall(self._scope, query, limit=min(100, top_k))
        found = [(Fact.from_memoria(item.fact), item.score) for item in recall.items]
        if len(found) < top_k:
            # agentmemo answers top_k facts whenever it holds that many, the rest by importance and retention
            seen = {fact.id for fact, _ in found}
            rest = sorted(
                (f for f in self.list_facts() if f.id not in seen),
                key=lambda f: -(f.importance + f.retention_score),
            )
            found.extend((f, 0.0) for f in rest[: top_k - len(found)])
        return found

    def recall_by_tag(self, tag: str) -> List[Fact]:
        return self._list(tag=tag)

    def list_facts(self) -> List[Fact]:
        """Every current fact, oldest first (agentmemo's storage order)."""
        return self._list()

    def _list(self, **filters: Any) -> List[Fact]:
        facts = [Fact.from_memoria(f) for f in self._client.iter_facts(self._scope, **filters)]
        facts.reverse()
        return facts

    def replace_facts(self, facts: List[Fact]) -> None:
        """The scope's facts become exactly these (contents, types, importances and tags)."""
        self.clear_all()
        for start in range(0, len(facts), 1000):
            batch = [
                {
                    "content": f.content,
                    "type": MemoryType(f.type).value,
                    "importance": f.importance,
                    "tags": list(f.tags),
                    "dedupe": False,
                }
                for f in facts[start : start + 1000]
            ]
            self._client.remember_many(self._scope, batch)

    def forget(self, fact_id: str) -> None:
        """Forgets the fact; an unknown id is no error."""
        try:
            self._client.forget(self._scope, fact_id)
        except MemoriaError as error:
            if not (absent(error) or error.status == 400):
                raise

    def decay(self) -> None:
        self._client.decay(self._scope)

    def clear_all(self) -> None:
        for fact in list(self._client.iter_facts(self._scope, include_superseded=True)):
            self.forget(fact.id)

    def snapshot(self, name: str) -> None:
        """Saves the current facts under ``name``, replacing a snapshot of that name."""
        try:
            self._client.snapshot(self._scope, name)
        except MemoriaError as error:
            if error.status != 409:
                raise
            self._client.delete_snapshot(self._scope, name)
            self._client.snapshot(self._scope, name)

    def list_snapshots(self) -> List[str]:
        snapshots = sorted(self._client.snapshots(self._scope), key=lambda s: s.created_at or _now())
        return [s.name for s in snapshots]

    def restore(self, name: str) -> None:
        try:
            self._client.restore(self._scope, name)
        except MemoriaError as error:
            if absent(error):
                raise KeyError(f"Snapshot {name!r} not found for agent {self._agent_id!r}") from error
            raise

    def diff(self, a: str, b: str) -> SnapshotDiff:
        """Facts in ``b`` and not in ``a`` (added) and in ``a`` and not in ``b`` (removed), by id; ``"current"``
        names the live facts."""
        if a == "current" and b == "current":
            return SnapshotDiff(a, b, [], [])
        base, against, swapped = (b, a, True) if a == "current" else (a, b, False)
        try:
            changes = self._client.diff(self._scope, base, against)
        except MemoriaError as error:
            if absent(error):
                missing = against if base in self.list_snapshots() else base
                raise KeyError(f"Snapshot {missing!r} not found for agent {self._agent_id!r}") from error
            raise
        added = [Fact.from_memoria(MemoriaFact.from_json(f)) for f in changes.get("added") or ()]
        removed = [Fact.from_memoria(MemoriaFact.from_json(f)) for f in changes.get("removed") or ()]
        if swapped:
            added, removed = removed, added
        return SnapshotDiff(a, b, added, removed)

    def stats(self) -> Dict[str, Any]:
        stats = self._client.stats(self._scope)
        by_type = {t.value: int((stats.get("by_type") or {}).get(t.value, 0)) for t in MemoryType}
        return {
            "total_facts": int(stats.get("total_facts", 0)),
            "by_type": by_type,
            "avg_importance": float(stats.get("avg_importance") or 0.0),
            "avg_retention": float(stats.get("avg_retention") or 0.0),
        }

    def learn(
        self,
        turns: Sequence[Union[ConversationTurn, Dict[str, str]]],
        *,
        api_key: Optional[str] = None,
        provider: Any = None,
        model: Optional[str] = None,
        conflict_threshold: float = 0.7,
        **provider_kwargs: str,
    ) -> List[Fact]:
        """Facts the server's extractor takes from the conversation; returns only those it added."""
        if not turns:
            return []
        payload = [
            {"role": t.role, "content": t.content} if isinstance(t, ConversationTurn) else dict(t) for t in turns
        ]
        chosen = provider if isinstance(provider, str) and provider in SERVER_PROVIDERS else None
        learned = self._client.learn(self._scope, payload, provider=chosen, conflict_threshold=conflict_threshold)
        return [Fact.from_memoria(f) for f in learned.added]
