"""Work spread over processes or a Dask cluster, results in the order of the tasks.

``run(fn, tasks, jobs, dask)`` calls ``fn(*task)`` for every task and yields the results in order: in this process
(one job), on a process pool of ``jobs`` processes, or as Dask tasks on the cluster whose scheduler is at ``dask``
(``dask.distributed``, the optional extra ``suanfan[dask]``). ``fn`` must be a module-level function so the
workers can import it.

A pool costs its start (about a tenth of a second here: processes forked, each result sent back) and each process
pays the first-use costs again (imports, the scoring's per-pattern tables) unless it inherits them. So the first
tasks always run in this process, for ``WARM_UP`` seconds: that warms this process, and a pool forked after it
(the ``fork`` start method, Linux's) inherits the warm modules and tables. Only when the tasks left would take,
at the rate measured, more than ``WORTH_A_POOL`` seconds are they spread over the pool, in chunks of several
tasks, so the parent sends and gathers a few messages a process rather than one per task.

Forking a process while another thread runs is unsafe: a lock that thread holds (the interpreter's, a library's,
the allocator's) stays held in the child, where nothing will release it (Python 3.12 warns of it). So the pool is
started with the caller's threads stopped: ``pause``, a context manager the caller gives (``logs.cli`` stops its
progress bar's redrawing thread and joins it), is entered around the pool's start, and the processes are all
forked there, before the pool's own threads exist.
"""

from __future__ import annotations

import asyncio
import inspect
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from .errors import InputError

WARM_UP = 0.05  # seconds of tasks run in this process before a pool is considered
WORTH_A_POOL = 0.5  # seconds of work left (at one job) that a pool's start is worth
DASK_WORKER_WAIT = 30  # seconds a Dask scheduler is given to have a worker before --dask gives up
CHUNKS_PER_JOB = 8  # tasks go to the pool in about this many chunks a process (so a slow chunk does not idle the rest)


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run(
    fn: Callable[..., Any],
    tasks: Sequence[tuple],
    jobs: int | None = None,
    dask: str | None = None,
    pause: Callable[[], AbstractContextManager[object]] = nullcontext,
) -> Iterator[Any]:
    """``fn(*task)`` of every task, in order; ``pause()`` is entered around a process pool's start (its forks), and
    must leave no thread of the caller's running there."""
    if dask:
        yield from _on_dask(fn, tasks, dask)
        return
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise InputError("bad_input", f"--jobs is 1 or more, not {jobs}")
    done, spent = 0, 0.0
    while done < len(tasks) and (jobs == 1 or spent < WARM_UP):
        start = time.perf_counter()
        result = fn(*tasks[done])
        spent += time.perf_counter() - start
        done += 1
        yield result
    left = len(tasks) - done
    if not left:
        return
    if done and spent / done * left < WORTH_A_POOL:  # too little left to gain from a pool
        for task in tasks[done:]:
            yield fn(*task)
        return
    jobs = min(jobs, left)
    chunk = max(1, left // (jobs * CHUNKS_PER_JOB))
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_fork_context()) as pool:
        with pause():
            # map submits every chunk now, and the first submission starts all the processes at once (the fork
            # method starts them before the pool's manager thread and its queue's feeder thread exist), so every
            # fork happens here, with the caller's threads stopped
            results = pool.map(fn, *zip(*tasks[done:], strict=True), chunksize=chunk)
        yield from results


def _fork_context() -> Any:
    """The fork start method on Linux, where it is safe with no other thread running (the default of Python 3.14
    there is forkserver, whose processes would import everything and fill the tables again); elsewhere the
    platform's default."""
    return multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None


def _on_dask(fn: Callable[..., Any], tasks: Iterable[tuple], address: str) -> Iterator[Any]:
    try:
        from dask.distributed import Client, KilledWorker
        from distributed.comm import resolve_address
    except ImportError:
        raise InputError("no_dask", "--dask needs dask.distributed: pip install 'suanfan[dask]'") from None
    # The address is read before any Client exists, so what is no address never makes a half-made client. (With
    # the synchronous Client of session 7, one refused for a bad address was closed later by the garbage collector,
    # in whatever thread collected it, taking distributed's one LoopRunner lock: a collection that landed while that
    # thread held the lock waited on itself for ever; a clean-clone CI run hung so.)
    try:
        resolve_address(address)
    except ValueError as e:  # not an address: no port, an unknown scheme
        raise InputError("no_dask", f"--dask {address}: not a scheduler's address like tcp://host:8786 ({e})") from None
    except OSError as e:  # a host name that does not resolve
        raise InputError("no_dask", f"--dask {address}: no Dask scheduler answers there ({e})") from None
    # The client is an asynchronous one, on an event loop of ours in a thread of ours, which is stopped and joined
    # when the work ends, whatever ends it. A synchronous Client runs its loop in an "IO loop" thread of its own,
    # and one the scheduler refuses (no scheduler at the address) never stops that thread: Client._start closes the
    # half-made client, whose close() then does nothing more, the loop's runner left started (distributed 2026.8;
    # docs/logs.md has the reproduction). The loop is not run in the caller's thread: a caller may have a loop
    # running there already (a notebook, an async server), where run_until_complete refuses to run another.
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="suanfan dask loop", daemon=True)
    thread.start()

    def run(step: Callable[[], Any]) -> Any:
        """Call ``step`` on the loop's thread (the client is used from there only) and wait there for what it gives,
        where that is awaitable: one step of the client, run to its end."""

        async def done() -> Any:
            result = step()
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(done(), loop).result()

    try:
        yield from _dask_results(run, Client, KilledWorker, fn, tasks, address)
    finally:
        asyncio.run_coroutine_threadsafe(loop.shutdown_asyncgens(), loop).result()
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()


def _dask_results(
    run: Callable[[Any], Any],
    Client: Any,
    KilledWorker: Any,
    fn: Callable[..., Any],
    tasks: Iterable[tuple],
    address: str,
) -> Iterator[Any]:
    """``_on_dask``'s work, each step of the asynchronous client run to its end on the client's loop by ``run``."""

    async def connect() -> Any:
        return await Client(address, timeout=10, asynchronous=True)

    try:
        client = run(connect)
    except (OSError, TimeoutError) as e:
        raise InputError("no_dask", f"--dask {address}: no Dask scheduler answers there ({e})") from None
    except ValueError as e:  # what resolve_address let through but the client refused
        raise InputError("no_dask", f"--dask {address}: not a scheduler's address like tcp://host:8786 ({e})") from None
    try:
        tasks = list(tasks)
        if not tasks:
            return
        try:
            # a scheduler without workers would hold the tasks for ever
            run(lambda: client.wait_for_workers(1, timeout=DASK_WORKER_WAIT))
        except TimeoutError:
            raise InputError(
                "no_dask",
                f"--dask {address}: the scheduler has no worker after {DASK_WORKER_WAIT} s (start one with "
                f"'dask worker {address}' where suanfan[dask] is installed)",
            ) from None
        # a worker that cannot import suanfan dies on its first task and the task waits for another for ever; the
        # question goes as a lambda (sent by value), so a worker without suanfan can answer it
        found = run(lambda: client.run(lambda: __import__("importlib.util").util.find_spec("suanfan") is not None))
        lacking = sorted(worker for worker, ok in found.items() if not ok)
        if lacking:
            raise InputError(
                "no_dask",
                f"--dask {address}: suanfan is not installed where the workers {', '.join(lacking)} run "
                "(pip install 'suanfan[dask]' on every machine that works)",
            )
        futures = run(lambda: client.map(fn, *zip(*tasks, strict=True), pure=False))
        for future in futures:
            try:
                yield run(lambda f=future: f)
            except KilledWorker as e:
                raise InputError("no_dask", f"--dask {address}: the workers died running a task ({e})") from None
        del futures, future  # released while the client is open (a released future tells the scheduler)
    finally:
        run(client.close)
