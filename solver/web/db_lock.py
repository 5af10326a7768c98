"""The lock of a database file: one program keeps its tables at a time (``kofun serve``, ``kofun engine``)."""

from __future__ import annotations

import os
from pathlib import Path


class StoreError(ValueError):
    """A database file that cannot be used (unreadable, not a kofun database, from a newer kofun, in a folder that
    does not exist, in use by another server)."""


class DatabaseLock:
    """The exclusive right to keep the tables of the database `path`: an ``flock`` on ``<path>.lock`` (made when
    missing, left in place; it holds the pid of its holder) from :meth:`acquire` to :meth:`release` or the end of
    the process. ``:memory:`` needs no lock. StoreError when another process holds it. Where ``fcntl`` does not
    exist (Windows) nothing is locked."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.lock_path = self.path + ".lock"
        self.fd: int | None = None

    def acquire(self) -> DatabaseLock:
        """Takes the lock (at once, never waiting); StoreError names the process holding it."""
        if self.path == ":memory:" or self.fd is not None:
            return self
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return self
        check_folder(self.path)
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise StoreError(
                f"database {self.path}: cannot open its lock file {self.lock_path} ({e.strerror})"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
            os.close(fd)
            who = f"process {holder}" if holder.isdigit() else "another process"
            raise StoreError(
                f"database {self.path} is in use by another kofun serve or kofun engine ({who}, lock file "
                f"{self.lock_path}): stop it or give another --db"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self.fd = fd
        return self

    def release(self) -> None:
        """Lets the database go (closing the file releases the lock)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> DatabaseLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def check_folder(path: str | Path) -> None:
    """StoreError when `path` is a folder or its folder does not exist (or is not a folder)."""
    if str(path) == ":memory:":
        return
    if Path(path).is_dir():
        raise StoreError(f"database {path}: a folder, not a file")
    folder = Path(path).absolute().parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise StoreError(f"database {path}: the folder {folder} {what}")


__all__ = ["DatabaseLock", "StoreError", "check_folder"]
