"""The client against a running server: every kind of call, its typed answers and its errors."""

import asyncio
import os
from datetime import datetime

import httpx
import pytest

from conftest import wait_embedded
from memoria import AsyncMemoria, Fact, Memoria, MemoriaError


def test_remember_then_recall_by_meaning_returns_typed_facts(client, scope):
    remembered = client.remember(
        scope, "Prefers Python for data work", category="preferences", persistent=True, tags=["lang"]
    )
    assert remembered.created and not remembered.reinforced
    fact = remembered.fact
    assert isinstance(fact, Fact) and fact.scope == scope and fact.tags == ("lang",)
    assert isinstance(fact.created_at, datetime) and fact.created_at.tzinfo is not None
    assert fact.current and fact.version == 1

    wait_embedded(client, scope)
    recall = client.recall(scope, "which programming language does the user like?", limit=3)
    assert recall.items and recall.items[0].fact.id == fact.id
    assert 0.0 <= recall.items[0].score <= 1.0
    assert "Prefers Python for data work" in recall.context


def test_a_near_duplicate_reinforces_and_a_key_replaces(client, scope):
    first = client.remember(scope, "The team deploys on Fridays")
    again = client.remember(scope, "the team deploys on fridays")
    assert again.reinforced and not again.created and again.fact.id == first.fact.id

    saved = client.save(scope, "time zone", "Time zone is Europe/Lisbon", category="profile")
    replaced = client.save(scope, "time zone", "Time zone is America/New_York", category="profile")
    assert replaced.id == saved.id and replaced.version == 2
    assert client.by_key(scope, "time zone").content == "Time zone is America/New_York"
    client.forget_key(scope, "time zone")
    with pytest.raises(MemoriaError) as gone:
        client.by_key(scope, "time zone")
    assert gone.value.status == 404 and gone.value.title


def test_supersession_history_and_reinstatement(client, scope):
    lisbon = client.remember(scope, "Lives in Lisbon", dedupe=False).fact
    berlin = client.remember(scope, "Moved to Berlin", dedupe=False, supersedes=[lisbon.id])
    assert lisbon.id in berlin.superseded
    old = client.fact(scope, lisbon.id)
    assert not old.current and old.superseded_by == berlin.fact.id
    assert [f.id for f in client.iter_facts(scope)] == [berlin.fact.id]
    assert {f.id for f in client.iter_facts(scope, include_superseded=True)} == {lisbon.id, berlin.fact.id}
    assert [(v.version, v.change, v.content) for v in client.history(scope, lisbon.id)] == [
        (1, "superseded", "Lives in Lisbon")
    ]

    back = client.update(scope, lisbon.id, superseded_by=None)
    assert back.current


def test_paging_walks_every_fact_once(client, scope):
    batch = client.remember_many(scope, [{"content": f"Project note number {n} about topic {n * 7}"} for n in range(7)])
    assert batch.created == 7 and len(batch.items) == 7
    first = client.facts(scope, limit=3)
    assert len(first.items) == 3 and first.next_cursor
    seen = [f.id for f in client.iter_facts(scope, page_size=3)]
    assert len(seen) == 7 and set(seen) == {f.id for f in batch.items}


def test_a_bad_input_is_one_error_with_the_problems_fields(client, scope):
    with pytest.raises(MemoriaError) as bad:
        client.remember(scope, "Too important", importance=2.0)
    error = bad.value
    assert error.status == 400 and error.type and error.title
    assert any(e["field"] == "importance" for e in error.errors), error.errors
    assert client.facts(scope).items == ()

    with pytest.raises(MemoriaError) as bad_scope:
        client.facts("user:..")
    assert bad_scope.value.status == 400


def test_the_token_is_asked_for_before_every_request(url, token, scope):
    asked = []

    def current_token():
        asked.append(1)
        return token

    with Memoria(url, current_token) as memoria:
        memoria.remember(scope, "Asked for a token")
        memoria.facts(scope)
    assert len(asked) == 2


def test_roles_and_tenants_are_the_servers_to_enforce(url, client, scope):
    fact = client.remember(scope, "Only this tenant may read me").fact
    with Memoria(url, os.environ["MEMORIA_IT_READ_TOKEN"]) as reader:
        assert reader.fact(scope, fact.id).id == fact.id
        with pytest.raises(MemoriaError) as forbidden:
            reader.remember(scope, "A reader may not write")
        assert forbidden.value.status == 403
    with Memoria(url, os.environ["MEMORIA_IT_OTHER_TOKEN"]) as stranger:
        with pytest.raises(MemoriaError) as hidden:
            stranger.fact(scope, fact.id)
        assert hidden.value.status == 404
    with Memoria(url, "not-a-token") as forged:
        with pytest.raises(MemoriaError) as refused:
            forged.facts(scope)
        assert refused.value.status == 401


def test_context_memory_md_and_logs(client, scope):
    client.remember(scope, "Prefers dark mode", category="preferences", persistent=True)
    context = client.context(scope, q="dark mode")
    assert context.startswith("[Long-term Memory]") and "- Prefers dark mode" in context
    assert client.memory_md(scope).startswith("# Agent Memory")
    imported = client.import_memory_md(scope, "# Agent Memory\n\n## tools\n- Uses Neovim\n")
    assert (imported["imported"], imported["skipped"]) == (1, 0)
    assert {e.content for e in client.logs(scope)} >= {"Prefers dark mode", "Uses Neovim"}
    client.clear_logs(scope)
    assert client.logs(scope) == []


def test_snapshots_restore_and_stats(client, scope):
    kept = client.remember(scope, "Kept through the restore").fact
    assert client.snapshot(scope, "before").facts == 1
    with pytest.raises(MemoriaError) as taken:
        client.snapshot(scope, "before")
    assert taken.value.status == 409
    with pytest.raises(MemoriaError) as dots:
        client.snapshot(scope, "..")
    assert dots.value.status == 400
    client.remember(scope, "Written after the snapshot")
    assert client.restore(scope, "before") == 1
    assert [f.id for f in client.iter_facts(scope)] == [kept.id]
    assert client.stats(scope)["total_facts"] == 1
    assert [s.name for s in client.snapshots(scope)] == ["before"]


def test_several_scopes_are_ranked_on_one_scale(client, scope):
    other = scope + ":project:atlas"
    client.remember(scope, "The user's favourite editor is Emacs")
    client.remember(other, "Project Atlas ships its beta in March")
    wait_embedded(client, scope)
    wait_embedded(client, other)
    recall = client.recall([scope, other], "when does the beta ship?", limit=5)
    assert recall.items[0].fact.scope == other
    assert "[Long-term Memory]" not in client.context([scope, other])


def test_learn_and_tool_calls(client, scope):
    learned = client.learn(scope, [{"role": "user", "content": "I live in Porto and I prefer tea over coffee."}])
    assert learned.added, learned
    tools = client.tools("openai")
    names = {t["function"]["name"] for t in tools["tools"]} if isinstance(tools, dict) else {t["function"]["name"] for t in tools}
    assert {"remember", "recall", "search_memory", "list_memories", "delete_memory"} <= names
    result = client.call_tool(scope, "remember", {"content": "Allergic to peanuts", "category": "health"})
    assert result.content and result.data
    found = client.search(scope, "peanuts")
    assert found and found[0].content == "Allergic to peanuts"


def test_every_answer_names_the_contract_version(url, token):
    answer = httpx.get(url.rstrip("/") + "/api/v1/scopes", headers={"Authorization": "Bearer " + token})
    assert answer.headers["Memoria-Api-Version"] == "1"


def test_the_async_client_makes_the_same_calls(url, token, scope):
    async def scenario():
        async def current_token():
            return token

        async with AsyncMemoria(url, current_token) as memoria:
            fact = (await memoria.remember(scope, "Works from the Porto office on Tuesdays")).fact
            for _ in range(1500):  # at most 5 minutes, a bound against a stuck embedding worker
                if (await memoria.stats(scope))["embedding_backlog"] == 0:
                    break
                await asyncio.sleep(0.2)
            recall = await memoria.recall(scope, "where does the user work on Tuesdays?")
            listed = [f.id async for f in memoria.iter_facts(scope, page_size=1)]
            with pytest.raises(MemoriaError) as missing:
                await memoria.fact(scope, "00000000-0000-0000-0000-000000000000")
            return fact, recall, listed, missing.value

    fact, recall, listed, missing = asyncio.run(scenario())
    assert recall.items[0].fact.id == fact.id
    assert listed == [fact.id]
    assert missing.status == 404
