"""nodestep 0.1's memory middleware behaviour (FilesystemMemory and its four tools), checked on memoria.nodestep
against the server.

Written from nodestep's released code and tests (tests/middleware/test_memory.py at commit a66ac5c, 0.1.0a1):
nodestep needs Python 3.12 and pydantic 2 and is not on PyPI, so its own tests cannot run here. Each test names the
nodestep test it follows. Left out: the tests of the on-disk layout (memories/<scope>/<key>.json files, unreadable
files reported as skipped, UTF-8 bytes on disk, Windows device names as file names, root_dir expansion) and of its
module-level disk functions, because the drop-in stores entries on the server."""

import asyncio
import json
from types import SimpleNamespace

import pytest

from memoria import AsyncMemoria, Memoria
from memoria.nodestep import (
    FilesystemMemory,
    Memory,
    MemoryConfigError,
    MemoryDeleteResult,
    MemoryListResult,
    MemorySearchResult,
)


def run(coroutine):
    return asyncio.run(coroutine)


@pytest.fixture
def memory(client, scope):
    # a sync client: each test runs several event loops, and an async client belongs to one
    return FilesystemMemory("/tmp/unused", scope=scope, client=client)


def tool(memory, name):
    return next(t for t in memory.tools() if t.name == name)


def test_the_four_tools_in_nodesteps_order_and_words(memory):
    assert [t.name for t in memory.tools()] == ["save_memory", "search_memory", "list_memories", "delete_memory"]
    assert memory.tools() is memory.tools()
    assert tool(memory, "save_memory").description == "Save a memory entry to persistent storage."


def test_save_memory_uses_the_bound_scope_and_search_finds_it(memory, scope):
    # save_memory_tool_uses_the_bound_scope, search_memory_tool
    saved = run(tool(memory, "save_memory")({"key": "lang", "title": "Language", "content": "Prefers Spanish"}))
    assert isinstance(saved, Memory) and (saved.key, saved.scope, saved.memory_type) == ("lang", scope, "fact")
    found = run(tool(memory, "search_memory")({"query": "spanish"}))
    assert isinstance(found, MemorySearchResult) and found.query == "spanish"
    assert [m.key for m in found.results] == ["lang"] and found.skipped == []


def test_list_and_delete(memory, scope):
    # list_memories_tool, delete_memory_tool
    run(memory.save_memory("b", "Second", "Works nights"))
    run(memory.save_memory("a", "First", "Lives in Oslo"))
    listed = run(tool(memory, "list_memories")({}))
    assert isinstance(listed, MemoryListResult) and listed.scope == scope and [m.key for m in listed.entries] == ["a", "b"]
    deleted = run(tool(memory, "delete_memory")({"key": "a"}))
    assert deleted == MemoryDeleteResult(key="a", scope=scope, deleted=True)
    assert run(memory.delete_memory("a")).deleted is False


def test_updating_a_memory_keeps_its_creation_time(memory):
    # updating_a_memory_keeps_its_creation_time
    first = run(memory.save_memory("k", "Title", "v1"))
    second = run(memory.save_memory("k", "Title", "v2"))
    assert second.created_at == first.created_at and second.updated_at >= first.updated_at
    assert [m.content for m in run(memory.list_memories()).entries] == ["v2"]


def test_the_model_cannot_choose_the_scope(memory):
    # the_model_cannot_choose_the_scope, a_scope_argument_from_the_model_is_rejected, non_positive_top_k_is_rejected
    assert "scope" not in tool(memory, "save_memory").input_schema()["properties"]
    with pytest.raises(ValueError):
        run(tool(memory, "save_memory")({"key": "k", "title": "t", "content": "c", "scope": "user:other"}))
    with pytest.raises(ValueError, match="top_k must be at least 1"):
        run(tool(memory, "search_memory")({"query": "x", "top_k": 0}))


def test_a_scope_callable_isolates_users(client, scope):
    # a_scope_callable_isolates_users, a_scope_callable_must_return_a_string
    memory = FilesystemMemory(scope=lambda ctx: f"{scope}:{ctx.user}", client=client)
    alice, bob = SimpleNamespace(user="alice"), SimpleNamespace(user="bob")
    run(tool(memory, "save_memory")({"key": "ssn", "title": "SSN", "content": "123-45-6789"}, alice))
    assert [m.key for m in run(memory.list_memories(ctx=alice)).entries] == ["ssn"]
    assert run(memory.list_memories(ctx=bob)).entries == []
    assert run(memory.search_memory("6789", ctx=bob)).results == []
    broken = FilesystemMemory(scope=lambda ctx: 42, client=client)
    with pytest.raises(TypeError, match="scope"):
        run(broken.list_memories(ctx=alice))


@pytest.mark.parametrize("bad", ["", "..", ".", "team::x", "a:.:b", "team:.."])
def test_an_invalid_scope_string_raises_at_construction(bad, url, token):
    # an_invalid_scope_string_raises_at_construction, scope_segments_that_alias_other_scopes_are_rejected
    with pytest.raises(MemoryConfigError, match="scope"):
        FilesystemMemory(scope=bad, client=AsyncMemoria(url, token))


def test_scope_must_be_a_string_or_callable_and_is_required(url, token):
    # scope_must_be_a_string_or_callable, root_dir_and_scope_are_required
    with pytest.raises(TypeError):
        FilesystemMemory(scope=42, client=AsyncMemoria(url, token))
    with pytest.raises(TypeError):
        FilesystemMemory("/tmp/x")


def test_results_serialise_as_the_model_sees_them(memory):
    saved = run(memory.save_memory("lang", "Language", "Spanish"))
    data = json.loads(saved.model_dump_json())
    assert list(data) == ["key", "title", "content", "memory_type", "scope", "created_at", "updated_at"]
    assert data["created_at"].endswith("Z") and " " not in saved.model_dump_json()[:20]


def test_the_tools_run_on_an_async_client_without_blocking_the_loop(url, token, scope):
    async def agent_turns():
        async with AsyncMemoria(url, token) as client:
            memory = FilesystemMemory(scope=scope, client=client)
            save, search = tool(memory, "save_memory"), tool(memory, "search_memory")
            await asyncio.gather(
                save({"key": "city", "title": "City", "content": "Lives in Oslo"}),
                save({"key": "job", "title": "Job", "content": "Works as a nurse"}),
            )
            return await search({"query": "nurse"}), await memory.list_memories()

    found, listed = asyncio.run(agent_turns())
    assert [m.key for m in found.results] == ["job"]
    assert [m.key for m in listed.entries] == ["city", "job"]
