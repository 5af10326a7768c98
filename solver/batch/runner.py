"""The batch runner: every long job (tournaments, experiments, selfplay, Haniwa solo estimates) is a list of
independent **tasks** run through one :class:`Runner` on ``dask.distributed``.

- **Where.** ``jobs=1`` runs every task in this process, in order (no cluster). ``jobs=J > 1`` starts a
  ``LocalCluster`` of J worker processes with one thread each. ``scheduler="tcp://HOST:PORT"`` uses a running
  cluster (``dask scheduler`` on one machine, ``dask worker tcp://HOST:PORT --nthreads 1`` on each; the workers
  must import the same ``solver``).
- **Tasks.** A :class:`Task` is a key (unique within the job, e.g. ``unit/17``), a module-level function and its
  arguments (plain data). A task computes one result from its arguments alone: every seed it uses is derived from
  the job's seed and the task's index (:func:`~solver.batch.seeds.derive_seed`), so the results are identical whatever
  the number of workers or the order in which they finish. Results are JSON data.
- **Streaming and resuming.** Results come back one task at a time and are appended, as they arrive, to a JSON-lines
  :class:`Journal` (a header line naming the job, then ``{"task": key, "result": ...}`` per task). ``resume=True``
  reads the journal back and runs only the tasks that are not in it; a line cut short by a killed run is dropped,
  and a task recorded twice counts once, so a killed run loses nothing that had finished and never double-counts.
- **Interrupts.** Ctrl-C stops a batch with :class:`BatchInterrupted` (a ``KeyboardInterrupt``) that carries the
  results finished so far, so that a command can report them (and how to resume) instead of only "aborted".
- **A given scheduler is always used**, even for a batch of one task: a bad address is an error, never a silent
  run in this process.
- **Failures.** A task whose worker died (a crashed process, a lost node, ``client.restart()``) is submitted again,
  up to ``retries`` times; an error raised by the task itself (bad input) stops the job with that error.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

JOURNAL_VERSION = 1
RETRIES = 5

OnResult = Callable[[str, Any], None]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch; `results` holds every task finished before it (key -> result)."""

    def __init__(self, results: Mapping[str, Any]) -> None:
        super().__init__()
        self.results = dict(results)


@dataclass(frozen=True)
class Task:
    """One unit of work: ``fn(*args)`` computes a JSON-ready result; `key` names it within its job. `priority`: on
    a cluster, tasks of higher priority start first (a job gives its costliest tasks the highest, so that cheap
    ones fill the cores at the end instead of one long task running alone); results never depend on it."""

    key: str
    fn: Callable[..., Any]
    args: tuple[Any, ...] = field(default=())
    priority: float = 0.0


def check_scheduler(address: str) -> str:
    """`address` if it reads as a scheduler address (``tcp://HOST:PORT``, also tls:// or inproc://), else
    ValueError saying what is expected."""
    scheme, sep, rest = address.partition("://")
    if not sep or scheme not in ("tcp", "tls", "inproc") or not rest:
        raise ValueError(f"scheduler: {address!r} is not an address like tcp://HOST:PORT")
    if scheme != "inproc":
        host, colon, port = rest.rpartition(":")
        if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"scheduler: {address!r} is not an address like tcp://HOST:PORT")
    return address


class Journal:
    """The JSON-lines file of a job's results (see the module docstring). `header` identifies the job (its game,
    rules, seed, agents, ... but not how many tasks it runs, so a job can be extended); resuming a file written by
    another job is refused."""

    def __init__(self, path: str | Path, header: Mapping[str, Any], resume: bool = False) -> None:
        self.path = Path(path)
        self.header = json.loads(json.dumps(dict(header)))  # plain JSON data, as read back
        self.done: dict[str, Any] = {}
        exists = self.path.exists() and self.path.stat().st_size > 0
        if self.path.is_dir():
            raise ValueError(f"{self.path}: is a directory, not a results file")
        if resume and not exists:
            what = "is empty" if self.path.exists() else "does not exist"
            raise ValueError(f"nothing to resume: {self.path} {what} (leave out --resume to start a new run)")
        if exists and not resume:
            raise ValueError(f"{self.path}: exists; pass --resume to continue it, or choose another file")
        self._fresh = not exists  # the header is written with the first result (a job that fails early leaves none)
        if exists:
            self._read()
        elif not self.path.parent.is_dir():
            raise ValueError(f"{self.path}: the folder {str(self.path.parent)!r} does not exist")

    def _read(self) -> None:
        raw = self.path.read_bytes()
        end = raw.rfind(b"\n") + 1
        if end < len(raw):  # the last line was cut short by a killed run: drop it
            with self.path.open("r+b") as f:
                f.truncate(end)
            raw = raw[:end]
        lines = raw.decode("utf-8", "replace").splitlines()
        try:
            first = json.loads(lines[0]) if lines else {}
        except json.JSONDecodeError:
            first = {}
        if not isinstance(first, dict) or first.get("kofun_batch") != JOURNAL_VERSION:
            raise ValueError(f"{self.path}: not a kofun results file")
        if first.get("job") != self.header:
            raise ValueError(f"{self.path}: written by another job ({_difference(first.get('job'), self.header)})")
        for n, line in enumerate(lines[1:], 2):
            try:
                entry = json.loads(line)
                key, result = entry["task"], entry["result"]
            except (json.JSONDecodeError, KeyError, TypeError):
                raise ValueError(f"{self.path}, line {n}: not a task result") from None
            self.done.setdefault(str(key), result)  # a task recorded twice counts once

    def _write_line(self, data: Mapping[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(data) + "\n")
            f.flush()

    def append(self, key: str, result: Any) -> None:
        """Records the result of task `key` (once: a key already recorded is ignored)."""
        if key in self.done:
            return
        if self._fresh:
            self._write_line({"kofun_batch": JOURNAL_VERSION, "job": self.header})
            self._fresh = False
        self._write_line({"task": key, "result": result})
        self.done[key] = result


def _difference(old: Any, new: Mapping[str, Any]) -> str:
    if not isinstance(old, dict):
        return "no job header"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return "differs in " + ", ".join(keys[:4]) if keys else "same job"


def read_results(path: str | Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The job header and the results (key → result) of a journal file."""
    p = Path(path)
    try:
        first = json.loads(p.read_text(encoding="utf-8").split("\n", 1)[0])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{p}: cannot read it as a kofun results file ({e})") from None
    if not isinstance(first, dict) or "job" not in first:
        raise ValueError(f"{p}: not a kofun results file")
    journal = Journal(p, first["job"], resume=True)
    return journal.header, journal.done


class Runner:
    """Runs lists of tasks in this process (``jobs=1``), on a LocalCluster of `jobs` worker processes, or on the
    cluster at `scheduler`. Use it as a context manager: the cluster is started when first needed (never for a
    batch of one task, which runs in this process) and kept for every batch until the end of the ``with``."""

    def __init__(
        self, jobs: int = 1, scheduler: str | None = None, retries: int = RETRIES, connect_timeout: float = 10.0
    ) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ValueError(f"jobs: must be an integer >= 1, got {jobs!r}")
        if scheduler is not None and jobs != 1:
            raise ValueError("give either jobs or a scheduler address, not both")
        self.jobs = jobs
        self.scheduler = check_scheduler(scheduler) if scheduler is not None else None
        self.retries = retries
        self.connect_timeout = connect_timeout  # seconds to reach a scheduler
        self.client: Any = None
        self._cluster: Any = None
        self._token = uuid.uuid4().hex[:12]

    @property
    def distributed(self) -> bool:
        """True when tasks run on dask workers (not in this process)."""
        return self.scheduler is not None or self.jobs > 1

    @property
    def workers(self) -> int:
        """Worker processes (1 in process; for an existing cluster, those connected now)."""
        if self.scheduler is not None and self.client is not None:
            return max(1, len(self.client.scheduler_info().get("workers", {})))
        return self.jobs

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Closes the client and the LocalCluster this runner started."""
        if self.client is not None:
            self.client.close()
            self.client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def connect(self) -> Any:
        """The dask client (started on first use)."""
        if self.client is not None:
            return self.client
        from distributed import Client, LocalCluster

        if self.scheduler is not None:
            try:
                self.client = Client(self.scheduler, timeout=f"{self.connect_timeout:g}s")
            except (OSError, TimeoutError) as e:
                raise ValueError(f"scheduler: cannot connect to {self.scheduler} ({e})") from None
        else:
            import dask

            # the workers' statistical profiler samples every thread every 10 ms (under the GIL); nothing here
            # reads its profiles
            dask.config.set({"distributed.worker.profile.enabled": False})
            self._cluster = LocalCluster(
                n_workers=self.jobs,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
                env={"PYTHONPATH": _python_path()},
            )
            self.client = Client(self._cluster)
        return self.client

    def run(
        self, tasks: Iterable[Task], journal: Journal | None = None, on_result: OnResult | None = None
    ) -> dict[str, Any]:
        """Runs the tasks that `journal` does not hold yet; returns every task's result (key → result, those of
        the journal included). Each new result is appended to the journal and passed to `on_result` as it
        arrives."""
        todo = list(tasks)
        keys = [t.key for t in todo]
        if len(set(keys)) != len(keys):
            raise ValueError("batch: two tasks have the same key")
        done = journal.done if journal is not None else {}
        results = {t.key: done[t.key] for t in todo if t.key in done}
        pending = [t for t in todo if t.key not in done]

        def finish(key: str, result: Any) -> None:
            if journal is not None:
                journal.append(key, result)
            results[key] = result
            if on_result is not None:
                on_result(key, result)

        try:
            if self.scheduler is None and (not self.distributed or (len(pending) <= 1 and self.client is None)):
                for t in pending:
                    finish(t.key, t.fn(*t.args))
            elif pending or self.scheduler is not None:
                self._run_distributed(pending, finish)
        except KeyboardInterrupt:
            raise BatchInterrupted(results) from None
        return results

    def _run_distributed(self, pending: Sequence[Task], finish: Callable[[str, Any], None]) -> None:
        from distributed import as_completed

        client = self.connect()
        if not pending:
            return
        by_key = {t.key: t for t in pending}
        attempts = dict.fromkeys(by_key, 0)

        def submit(task: Task) -> Any:
            attempts[task.key] += 1
            name = f"kofun-{self._token}-{task.key}-{attempts[task.key]}"
            return client.submit(task.fn, *task.args, key=name, pure=False, priority=task.priority)

        futures = {submit(t): t.key for t in sorted(pending, key=lambda t: -t.priority)}  # stable: ties in order
        stream = as_completed(list(futures))
        try:
            for future in stream:
                key = futures.pop(future)
                if future.status == "finished":
                    result = future.result()
                    future.release()
                    finish(key, result)
                    continue
                error = _failure(future)
                future.release()
                if error is not None:  # the task itself failed: bad input, a bug
                    raise error
                if attempts[key] > self.retries:
                    raise RuntimeError(f"batch: task {key} was lost {attempts[key]} times (workers keep dying)")
                again = submit(by_key[key])  # its worker died or the cluster restarted: run it again
                futures[again] = key
                stream.add(again)
        except BaseException:
            client.cancel(list(futures))
            raise


def _failure(future: Any) -> BaseException | None:
    """The error a failed future's task raised itself; None when the task was lost with its worker (killed,
    restarted, cancelled), and may simply be run again."""
    from distributed import KilledWorker

    if future.status in ("cancelled", "lost"):
        return None
    try:
        error = future.exception()
    except BaseException:  # cancelled while we asked
        return None
    if error is None or isinstance(error, KilledWorker):
        return None
    return error if isinstance(error, BaseException) else RuntimeError(str(error))


def _python_path() -> str:
    """PYTHONPATH for worker processes: the folder this ``solver`` package is imported from first, so that
    workers run the same code as this process."""
    root = str(Path(__file__).resolve().parent.parent)
    rest = os.environ.get("PYTHONPATH", "")
    return os.pathsep.join([root, rest]) if rest else root


__all__ = ["BatchInterrupted", "Journal", "Runner", "Task", "check_scheduler", "read_results"]
