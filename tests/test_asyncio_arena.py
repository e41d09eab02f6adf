"""``arena`` inside a running asyncio event loop (an async web app, a chat service, a
notebook's kernel): with an asynchronous Dask client (``Client(asynchronous=True)``) called on
the client's own loop it hung for ever (the client's futures complete only on the loop that
``arena`` was blocking); it now refuses at once, naming the recipe, and the recipe
(``await asyncio.to_thread(arena, ..., executor=client)``) plays the same games as a call
without an executor.

Without ``distributed`` these tests skip, except under ``CI=true``, where they fail."""

from __future__ import annotations

import asyncio
import os
from contextlib import AsyncExitStack

import pytest
from hygiene import sys_path_kept

from tabletop.arena import arena
from tabletop.core.testing.hangguard import hang_guard

ARGS = ("lava-flows", ["random", "random"])


def distributed():
    if os.environ.get("CI") == "true":
        import distributed as module

        return module
    return pytest.importorskip("distributed")


async def _with_async_client(body):
    d = distributed()
    async with AsyncExitStack() as stack:
        stack.enter_context(sys_path_kept())
        cluster = await stack.enter_async_context(d.LocalCluster(
            n_workers=1, processes=False, threads_per_worker=1, dashboard_address=None,
            asynchronous=True))
        client = await stack.enter_async_context(d.Client(cluster, asynchronous=True))
        return await asyncio.wait_for(body(client), 60)  # a hang guard, never reached


def test_an_asynchronous_client_on_its_own_loop_is_refused_not_a_hang():
    async def body(client):
        refusals = []
        for executor in (client, client.get_executor()):
            with pytest.raises(RuntimeError, match=r"asynchronous Dask client") as info, \
                    hang_guard(20):  # the loop is blocked: no asyncio timeout can fire
                arena(*ARGS, games=2, progress=False, executor=executor)
            refusals.append(str(info.value))
        return refusals

    for refusal in asyncio.run(_with_async_client(body)):
        assert "asyncio.to_thread(arena" in refusal


def test_the_recipe_plays_the_games_of_a_call_without_executor():
    async def body(client):
        return await asyncio.to_thread(arena, *ARGS, games=4, seed=3, progress=False,
                                       executor=client)

    result = asyncio.run(_with_async_client(body))
    assert result.games == arena(*ARGS, games=4, seed=3, progress=False).games
