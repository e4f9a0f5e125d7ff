"""selectools 1.3's KnowledgeMemory behaviour, checked on memoria.selectools against the server.

Written from selectools' released code and its tests (tests/test_knowledge.py, tests/test_knowledge_stores.py at tag
v1.3.0): selectools is not installable here (no PyPI, and its package imports providers this machine lacks), so its
own tests cannot run against the drop-in. Each test names the selectools test it follows. Left out: the tests of
the on-disk layout (daily .log files, MEMORY.md, entries.jsonl, SQLite rows, the backend archive), because the
drop-in writes nothing to disk, and the tests of private attributes (_directory, _recent_days)."""

import uuid

import pytest

from conftest import wait_embedded
from memoria.selectools import KnowledgeEntry, KnowledgeMemory, recall_tool_function, remember_tool_function


@pytest.fixture
def memory(client, scope):
    return KnowledgeMemory(scope=scope, client=client)


def test_remember_returns_the_entry_id_and_the_store_reads_it_back(memory):
    # TestKnowledgeMemoryEnhanced.remember_with_importance / _with_category
    entry_id = memory.remember("User prefers dark mode", category="preference", importance=0.9)
    assert len(entry_id) == 32 and int(entry_id, 16) >= 0
    entry = memory.store.get(entry_id)
    assert (entry.content, entry.category, entry.importance) == ("User prefers dark mode", "preference", 0.9)
    assert memory.store.get(uuid.uuid4().hex) is None


def test_build_context_is_empty_then_important_and_general_knowledge(memory):
    # TestKnowledgeBuildContext.empty_returns_empty_string, build_context_uses_store; the format of 1.6
    assert memory.build_context() == ""
    memory.remember("User prefers dark mode", category="preference", importance=0.9)
    memory.remember("Meeting at 3pm")
    # selectools' own format: a general entry's line has two spaces (an empty category tag)
    assert memory.build_context() == (
        "[Important Knowledge]\n- [preference] User prefers dark mode\n\n[General Knowledge]\n-  Meeting at 3pm"
    )


def test_build_context_truncates_to_max_context_chars(client, scope):
    # TestKnowledgeBuildContext.truncation
    memory = KnowledgeMemory(scope=scope, client=client, max_context_chars=50)
    for n in range(5):
        memory.remember(f"A long remark number {n} about the quarterly planning cycle")
    context = memory.build_context()
    assert len(context) <= 50 and context.endswith("(truncated)")


def test_persistent_facts_and_recent_logs(memory):
    # TestKnowledgePersistentFacts.reads_memory_md, TestKnowledgeRecentLogs.reads_today_log, explicit zero days
    assert memory.get_persistent_facts() == "" and memory.get_recent_logs() == ""
    memory.remember("User's name is Ana", category="fact", persistent=True)
    memory.remember("Asked about invoices")
    assert memory.get_persistent_facts() == "- [fact] User's name is Ana"
    logs = memory.get_recent_logs()
    assert logs.startswith("=== ") and "[fact] User's name is Ana" in logs and "[general] Asked about invoices" in logs
    assert memory.get_recent_logs(days=0) == ""


def test_max_entries_evicts_the_least_important_and_keeps_persistent_ones(client, scope):
    # TestKnowledgeMemoryEnhanced.max_entries_eviction, persistent_survives_eviction
    memory = KnowledgeMemory(scope=scope, client=client, max_entries=3)
    memory.remember("Pinned rule: always answer in Portuguese", persistent=True, importance=0.1)
    for n, importance in enumerate([0.2, 0.9, 0.5, 0.8]):
        memory.remember(f"Unrelated note {n} on subject {n * 13}", importance=importance)
    kept = memory.store.query(limit=100)
    assert len(kept) <= 3
    assert any(e.persistent for e in kept)
    assert all(e.importance >= 0.8 for e in kept if not e.persistent)


def test_the_store_protocol_queries_filters_and_deletes(memory):
    # TestFileKnowledgeStore: save_and_get, delete, delete_nonexistent, count, query_by_category,
    # query_by_min_importance, query_ordered_by_importance, update_existing
    store = memory.store
    low = KnowledgeEntry(content="Likes jazz", category="music", importance=0.3)
    high = KnowledgeEntry(content="Allergic to penicillin", category="health", importance=0.95)
    assert store.save(low) == low.id and store.save(high) == high.id
    assert store.count() == 2
    assert [e.id for e in store.query()] == [high.id, low.id]
    assert [e.id for e in store.query(category="music")] == [low.id]
    assert [e.id for e in store.query(min_importance=0.5)] == [high.id]
    low.content = "Likes jazz and blues"
    store.save(low)
    assert store.count() == 2 and store.get(low.id).content == "Likes jazz and blues"
    assert store.delete(low.id) is True and store.delete(low.id) is False
    assert store.count() == 1


def test_prune_keeps_persistent_entries(memory):
    # TestFileKnowledgeStore.prune_persistent_survives, TestPruneMaxAgeDaysZero
    memory.remember("Keep me", persistent=True, importance=0.1)
    memory.remember("Drop me", importance=0.1)
    assert memory.store.prune(min_importance=0.5) == 1
    assert [e.content for e in memory.store.query()] == ["Keep me"]


def test_the_tools_remember_and_recall_in_selectools_words(memory, client, scope):
    # TestMakeRememberTool.tool_invocation, TestMakeRecallTool: no_matches, single_match_singular_label,
    # category_tag_in_output, invalid_limit_falls_back, remember_then_recall_roundtrip
    remember = remember_tool_function(memory)
    recall = recall_tool_function(memory)
    assert recall("anything at all") == "No memories found matching 'anything at all'."
    entry_id = remember(content="User prefers dark mode", category="preference", persistent="TRUE")
    assert memory.store.get(entry_id).persistent
    assert "User prefers dark mode" in memory.get_persistent_facts()
    wait_embedded(client, scope)
    answer = recall("dark mode", limit="not a number")
    assert answer == "Found 1 memory:\n1. [preference] User prefers dark mode"


def test_a_newer_value_leaves_the_prompt(memory):
    # what Memoria adds: the prompt shows what is true now
    memory.store.save(KnowledgeEntry(id="plan", content="The customer is on the Basic plan", category="account"))
    memory.store.save(KnowledgeEntry(id="plan", content="The customer is on the Pro plan", category="account"))
    assert "Pro plan" in memory.build_context() and "Basic plan" not in memory.build_context()


def test_directory_names_the_scope_and_to_dict_round_trips(client):
    memory = KnowledgeMemory("./agents/support bot/memory", client=client, recent_days=3)
    assert memory.scope == "selectools:agents:support-bot:memory"
    again = KnowledgeMemory.from_dict(memory.to_dict(), client=client)
    assert again.to_dict() == {"directory": "./agents/support bot/memory", "recent_days": 3,
                               "max_context_chars": 5000, "max_entries": 50}
    assert again.scope == memory.scope


def test_a_ttl_counts_from_the_entrys_creation(memory):
    # TestKnowledgeEntry.expired / TestFileKnowledgeStore.query_filters_expired: TTL from created_at
    from datetime import datetime, timedelta, timezone

    stale = KnowledgeEntry(content="Stale promo code", ttl_days=1,
                           created_at=datetime.now(timezone.utc) - timedelta(days=2))
    fresh = KnowledgeEntry(content="Fresh promo code", ttl_days=1)
    memory.store.save(stale)
    memory.store.save(fresh)
    assert memory.store.get(stale.id) is None
    assert [e.content for e in memory.store.query()] == ["Fresh promo code"]
    assert memory.store.get(fresh.id).ttl_days == 1
