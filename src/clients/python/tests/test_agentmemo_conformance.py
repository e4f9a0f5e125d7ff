"""agentmemo 0.3's KnowledgeBase behaviour, checked on memoria.agentmemo against the server.

Written from agentmemo's released code and its tests (tests/test_knowledge.py, test_knowledge_edge_cases.py and
test_snapshots.py at commit fe937ff, version 0.3.0): agentmemo is not installable here without PyPI, so its own tests
cannot run against the drop-in. Each test names the agentmemo test it follows. Left out: the tests that read or
write kb._storage or kb._agent_id (storage internals), and those of the YAML and SQLite file layouts."""

import uuid

import pytest

from conftest import wait_embedded
from memoria.agentmemo import ConversationTurn, Fact, KnowledgeBase, MemoryType, SnapshotDiff


@pytest.fixture
def kb(client, scope):
    return KnowledgeBase("test_agent", scope=scope, client=client)


def test_add_returns_the_fact_with_its_type_tags_and_importance(kb):
    # TestAdd.add_returns_fact, add_with_type, add_with_tags
    fact = kb.add("User deploys with Docker", type=MemoryType.PROCEDURAL, importance=0.9, tags=["ops", "docker"])
    assert isinstance(fact, Fact) and fact.id
    assert (fact.content, fact.type, fact.importance, fact.tags) == (
        "User deploys with Docker", MemoryType.PROCEDURAL, 0.9, ["ops", "docker"])
    assert kb.add("Second fact").importance == 0.8 and kb.add("Third").type is MemoryType.SEMANTIC


def test_add_refuses_empty_content_and_importance_out_of_range(kb):
    # agentmemo's ValueErrors, same messages
    with pytest.raises(ValueError, match="content must not be empty"):
        kb.add("   ")
    with pytest.raises(ValueError, match="importance must be between 0.0 and 1.0, got 1.5"):
        kb.add("Too important", importance=1.5)
    assert kb.list_facts() == []


def test_the_same_content_twice_is_stored_twice(kb):
    # test_knowledge_edge_cases: exact_duplicate_allowed, different_ids_for_same_content
    first, second = kb.add("Likes green tea"), kb.add("Likes green tea")
    assert first.id != second.id and len(kb.list_facts()) == 2


def test_recall_lines_top_k_and_access_counts(kb, client, scope):
    # TestRecall.recall_returns_string, recall_empty_kb, recall_top_k, recall_increments_access_count;
    # TestRecallFacts.returns_fact_objects; TestRecallFactsWithScores.returns_pairs, scores_are_non_negative
    assert kb.recall("anything") == ""
    kb.add("User prefers Python for scripting", type=MemoryType.SEMANTIC)
    kb.add("Deploy failed last Tuesday", type=MemoryType.EPISODIC)
    kb.add("Run the linter before each commit", type=MemoryType.PROCEDURAL)
    kb.add("Office is in Lisbon")
    wait_embedded(client, scope)
    text = kb.recall("which language does the user like", top_k=3)
    assert text.splitlines()[0] == "[semantic] User prefers Python for scripting"
    assert text.count("[") <= 3
    facts = kb.recall_facts("python", top_k=2)
    assert facts and all(isinstance(f, Fact) for f in facts) and len(facts) <= 2
    pairs = kb.recall_facts_with_scores("python", top_k=4)
    assert all(isinstance(f, Fact) and score >= 0 for f, score in pairs)
    python = next(f for f in kb.list_facts() if "Python" in f.content)
    assert python.access_count >= 2


def test_recall_by_tag_and_list_order(kb):
    # TestRecallByTag.finds_tagged, ignores_untagged; list_facts in storage (insertion) order
    kb.add("First", tags=["a"])
    kb.add("Second")
    kb.add("Third", tags=["a"])
    assert [f.content for f in kb.recall_by_tag("a")] == ["First", "Third"]
    assert kb.recall_by_tag("missing") == []
    assert [f.content for f in kb.list_facts()] == ["First", "Second", "Third"]


def test_forget_and_an_unknown_id(kb):
    # TestForget.forget_by_id, forget_nonexistent
    fact = kb.add("Temporary note")
    kb.add("Lasting note")
    kb.forget(fact.id)
    kb.forget(str(uuid.uuid4()))
    kb.forget("not-an-id")
    assert [f.content for f in kb.list_facts()] == ["Lasting note"]


def test_stats_on_empty_and_by_type(kb):
    # TestStats.stats_on_empty_kb, stats_with_facts
    assert kb.stats() == {"total_facts": 0, "by_type": {"semantic": 0, "procedural": 0, "episodic": 0},
                          "avg_importance": 0.0, "avg_retention": 0.0}
    kb.add("A", type=MemoryType.SEMANTIC)
    kb.add("B step one then step two", type=MemoryType.PROCEDURAL)
    stats = kb.stats()
    assert stats["total_facts"] == 2 and stats["by_type"] == {"semantic": 1, "procedural": 1, "episodic": 0}
    assert 0 < stats["avg_importance"] <= 1 and 0 < stats["avg_retention"] <= 1


def test_snapshots_restore_and_diff(kb):
    # test_snapshots: snapshot and restore, list oldest first, missing snapshot KeyError, diff by id with "current"
    kept = kb.add("Kept fact")
    kb.snapshot("v1")
    added = kb.add("Added after v1")
    kb.snapshot("v2")
    kb.snapshot("v2")  # a name saved again is replaced, as agentmemo's files are
    assert kb.list_snapshots() == ["v1", "v2"]
    diff = kb.diff("v1", "v2")
    assert isinstance(diff, SnapshotDiff) and [f.id for f in diff.added] == [added.id] and diff.removed == []
    backwards = kb.diff("current", "v1")
    assert [f.id for f in backwards.removed] == [added.id] and backwards.added == []
    kb.restore("v1")
    assert [f.id for f in kb.list_facts()] == [kept.id]
    with pytest.raises(KeyError):
        kb.restore("never-taken")
    with pytest.raises(KeyError):
        kb.diff("v1", "never-taken")


def test_replace_facts_clear_all_and_decay(kb):
    kb.add("Old")
    kb.replace_facts([Fact(content="New one", type=MemoryType.EPISODIC, importance=0.4, tags=["x"])])
    facts = kb.list_facts()
    assert [(f.content, f.type, f.importance, f.tags) for f in facts] == [("New one", MemoryType.EPISODIC, 0.4, ["x"])]
    kb.decay()
    assert 0 < kb.list_facts()[0].retention_score <= 1
    kb.clear_all()
    assert kb.list_facts() == []


def test_learn_with_no_turns_and_with_the_servers_rules(kb):
    # TestLearnApiKey.learn_empty_turns_returns_empty_without_key; learning runs on the server (no key here)
    assert kb.learn([]) == []
    learned = kb.learn([ConversationTurn("user", "I live in Porto and I work as a nurse.")], provider="rules")
    assert learned and all(isinstance(f, Fact) for f in learned)
    assert any("Porto" in f.content for f in kb.list_facts())


def test_unicode_content_round_trips(kb):
    # test_knowledge_edge_cases: russian_content, chinese_content, emoji_content
    for text in ("Пользователь работает в Сбере", "用户喜欢喝茶", "Loves hiking 🏔️"):
        assert kb.add(text).content == text
    assert {f.content for f in kb.list_facts()} >= {"Пользователь работает в Сбере", "用户喜欢喝茶"}


def test_the_agent_id_names_the_scope(client):
    assert KnowledgeBase("support bot/eu", client=client).scope == "agent:support-bot-eu"


def test_recall_answers_top_k_whenever_the_scope_holds_that_many(kb):
    # TestRecall.recall_returns_string: agentmemo answers a fact even when no word of the question matches it
    kb.add("User prefers Python")
    assert kb.recall("what language?") == "[semantic] User prefers Python"
    kb.add("Works in the Lisbon office")
    assert len(kb.recall_facts("what language?", top_k=5)) == 2
