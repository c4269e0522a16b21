"""Work spread over processes or a Dask cluster, results in the order of the tasks.

``run(fn, tasks, jobs, dask)`` calls ``fn(*task)`` for every task and yields the results in order: in this process
(one job), on a process pool of ``jobs`` processes, or as Dask tasks on the cluster whose scheduler is at ``dask``
(``dask.distributed``, the optional extra ``suanfan[dask]``). ``fn`` must be a module-level function so the
workers can import it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .errors import InputError


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run(
    fn: Callable[..., Any], tasks: Sequence[tuple], jobs: int | None = None, dask: str | None = None
) -> Iterator[Any]:
    if dask:
        yield from _on_dask(fn, tasks, dask)
        return
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise InputError("bad_input", f"--jobs is 1 or more, not {jobs}")
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            yield fn(*task)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        yield from pool.map(fn, *zip(*tasks, strict=True), chunksize=1)


def _on_dask(fn: Callable[..., Any], tasks: Iterable[tuple], address: str) -> Iterator[Any]:
    try:
        from dask.distributed import Client
    except ImportError:
        raise InputError("no_dask", "--dask needs dask.distributed: pip install 'suanfan[dask]'") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError) as e:
        raise InputError("no_dask", f"--dask {address}: no Dask scheduler answers there ({e})") from None
    with client:
        tasks = list(tasks)
        if not tasks:
            return
        futures = client.map(fn, *zip(*tasks, strict=True), pure=False)
        for future in futures:
            yield future.result()
