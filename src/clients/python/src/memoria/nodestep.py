"""nodestep's memory middleware on a Memoria server: change
``from nodestep.middleware.memory import FilesystemMemory`` to ``from memoria.nodestep import FilesystemMemory``
and the model's memory tools (``save_memory``, ``search_memory``, ``list_memories``, ``delete_memory``) keep their
names, arguments and answers while the entries live in Memoria scopes.

What differs, because the memory is a server's:

- ``root_dir`` is accepted and not used: an entry is a fact of the scope, saved under its ``key`` with its
  ``title``, and ``memory_type`` as the fact's category. Nothing is written to disk, so ``skipped`` is always empty.
- Scopes follow Memoria's rules (``:``-separated segments of ``[A-Za-z0-9._@-]``, never ``.`` or ``..``), which refuse
  every scope nodestep refuses and a few more (spaces, for one).
- ``search_memory`` is Memoria's BM25 over key, title, content, category and tags.
- ``tools()`` gives the four tools as async callables with nodestep's names, descriptions and argument schemas
  (``name``, ``description``, ``input_schema()``, ``await tool(arguments, ctx)``), not nodestep ``Tool`` objects:
  nodestep (Python 3.12+, pydantic 2) is not imported, so a graph registers them through its own tool wrapper.
- The tools call the server without blocking the event loop (an ``AsyncMemoria`` by default; a sync ``Memoria``
  given as ``client`` works too).
"""

from __future__ import annotations

import inspect
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from ._dropin import absent, check_scope
from .client import AsyncMemoria, Memoria
from .errors import MemoriaError
from .models import Fact

__all__ = [
    "FilesystemMemory",
    "Memory",
    "MemoryConfigError",
    "MemoryDeleteResult",
    "MemoryListResult",
    "MemorySearchResult",
    "MemoriaMemory",
]


class MemoryConfigError(ValueError):
    """A memory configured with a root or scope it cannot use."""


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    if isinstance(value, list):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_value(v) for k, v in value.items()}
    return value


class _Model:
    """``model_dump`` and ``model_dump_json`` as nodestep's pydantic models give them (compact JSON, UTC as Z)."""

    def model_dump(self) -> Dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    def model_dump_json(self, indent: Optional[int] = None) -> str:
        separators = (",", ":") if indent is None else None
        return json.dumps(_json_value(self.model_dump()), ensure_ascii=False, indent=indent, separators=separators)


@dataclass
class Memory(_Model):
    key: str
    title: str
    content: str
    memory_type: str = "fact"
    scope: str = "global"
    created_at: Optional[datetime] = None
    updated_at: Optional[datetime] = None

    def searchable_text(self) -> str:
        return f"{self.title} {self.content}"

    @classmethod
    def from_fact(cls, fact: Fact) -> "Memory":
        return cls(
            key=fact.key or fact.id,
            title=fact.title or "",
            content=fact.content,
            memory_type=fact.category,
            scope=fact.scope,
            created_at=fact.created_at,
            updated_at=fact.updated_at,
        )


@dataclass
class MemorySearchResult(_Model):
    query: str
    results: List[Memory]
    skipped: List[str] = field(default_factory=list)


@dataclass
class MemoryListResult(_Model):
    scope: str
    entries: List[Memory]
    skipped: List[str] = field(default_factory=list)


@dataclass
class MemoryDeleteResult(_Model):
    key: str
    scope: str
    deleted: bool


Scope = Union[str, Callable[[Any], str]]


async def _value(result: Any) -> Any:
    return await result if inspect.isawaitable(result) else result


class MemoriaMemory:
    """Long-term memory tools for the model, stored in a Memoria scope (a string, or a function of the tool
    context, so each user of one graph gets a scope of their own). The model never chooses the scope."""

    def __init__(
        self,
        root_dir: Any = None,
        *,
        scope: Scope,
        client: Union[AsyncMemoria, Memoria, None] = None,
    ) -> None:
        if isinstance(scope, str):
            try:
                check_scope(scope)
            except ValueError as error:
                raise MemoryConfigError(f"FilesystemMemory scope {scope!r} is invalid: {error}") from error
        elif not callable(scope):
            raise TypeError(
                f"FilesystemMemory scope must be a str or a callable taking the ToolContext, got {type(scope).__name__}"
            )
        self.root_dir = root_dir
        self.scope = scope
        self._client = client if client is not None else AsyncMemoria()
        self._tools = self._build_tools()

    def scope_for(self, ctx: Any) -> str:
        if isinstance(self.scope, str):
            return self.scope
        chosen = self.scope(ctx)
        if not isinstance(chosen, str):
            raise TypeError(f"FilesystemMemory scope callable returned {type(chosen).__name__}, expected str")
        return check_scope(chosen)

    # the four tools, callable directly too

    async def save_memory(self, key: str, title: str, content: str, memory_type: str = "fact", *, ctx: Any = None) -> Memory:
        scope = self.scope_for(ctx)
        fact = await _value(self._client.save(scope, key, content, title=title, category=memory_type))
        return Memory.from_fact(fact)

    async def search_memory(self, query: str, top_k: int = 10, *, ctx: Any = None) -> MemorySearchResult:
        if top_k < 1:
            raise ValueError("top_k must be at least 1")
        scope = self.scope_for(ctx)
        if not query.strip():
            return MemorySearchResult(query=query, results=[])
        found = await _value(self._client.search(scope, query, top_k=top_k))
        return MemorySearchResult(query=query, results=[Memory.from_fact(f) for f in found])

    async def list_memories(self, *, ctx: Any = None) -> MemoryListResult:
        scope = self.scope_for(ctx)
        facts: List[Fact] = []
        cursor = None
        while True:
            page = await _value(self._client.facts(scope, limit=500, cursor=cursor))
            facts.extend(page.items)
            cursor = page.next_cursor
            if not cursor:
                break
        entries = sorted((Memory.from_fact(f) for f in facts), key=lambda m: m.key)
        return MemoryListResult(scope=scope, entries=entries)

    async def delete_memory(self, key: str, *, ctx: Any = None) -> MemoryDeleteResult:
        scope = self.scope_for(ctx)
        try:
            await _value(self._client.forget_key(scope, key))
            deleted = True
        except MemoriaError as error:
            if not absent(error):
                raise
            deleted = False
        return MemoryDeleteResult(key=key, scope=scope, deleted=deleted)

    def tools(self) -> Tuple[Any, ...]:
        """``save_memory``, ``search_memory``, ``list_memories``, ``delete_memory``: the same tuple every time."""
        return self._tools

    def _build_tools(self) -> Tuple[Any, ...]:
        specs: List[Tuple[str, str, Callable[..., Any], Dict[str, Any], List[str]]] = [
            ("save_memory", "Save a memory entry to persistent storage.", self.save_memory,
             {"key": {"type": "string"}, "title": {"type": "string"}, "content": {"type": "string"},
              "memory_type": {"type": "string", "default": "fact"}}, ["key", "title", "content"]),
            ("search_memory", "Search memories using BM25 text search.", self.search_memory,
             {"query": {"type": "string"}, "top_k": {"type": "integer", "minimum": 1, "default": 10}}, ["query"]),
            ("list_memories", "List all memory entries.", self.list_memories, {}, []),
            ("delete_memory", "Delete a memory entry.", self.delete_memory, {"key": {"type": "string"}}, ["key"]),
        ]
        return tuple(_MemoryTool(*spec) for spec in specs)


class _MemoryTool:
    """One memory tool: the model's arguments in (no ``scope``: the memory binds it), the result model out."""

    def __init__(self, name: str, description: str, function: Callable[..., Any], properties: Dict[str, Any],
                 required: List[str]) -> None:
        self.name = name
        self.description = description
        self._function = function
        self._schema: Dict[str, Any] = {"type": "object", "properties": properties, "required": required,
                        "additionalProperties": False}

    def input_schema(self) -> Dict[str, Any]:
        return json.loads(json.dumps(self._schema))

    async def __call__(self, arguments: Optional[Dict[str, Any]] = None, ctx: Any = None) -> Any:
        arguments = dict(arguments or {})
        unknown = set(arguments) - set(self._schema["properties"])
        if unknown:
            raise ValueError(f"{self.name} takes no argument {', '.join(sorted(unknown))}")
        missing = [r for r in self._schema["required"] if r not in arguments]
        if missing:
            raise ValueError(f"{self.name} needs {', '.join(missing)}")
        return await self._function(**arguments, ctx=ctx)


FilesystemMemory = MemoriaMemory
