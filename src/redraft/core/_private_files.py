"""Files only their owner can read: the local log and the verdict cache hold
prompts and answers, so they are born private rather than made private later."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

__all__ = ["prepare_sqlite_file"]


_PRIVATE_FILE = 0o600
_PRIVATE_FOLDER = 0o700
_SIDE_FILES = ("-wal", "-shm", "-journal")


def prepare_sqlite_file(path: Path, *, own_folder: bool) -> None:
    """Make the database file before SQLite does, so that it is born
    readable by its owner only: SQLite would create it 0644, and gives its
    ``-wal`` and ``-shm`` side files the database file's mode.

    Folders that must be made are 0700. With ``own_folder`` (the default
    file in the user data dir) the folder, the file and its side files are
    also set private when they exist already, as an older redraft left them
    (0755, 0644); a folder or file the user named is theirs and left as it is.
    """
    folder = path.parent
    # The mode is masked by the umask, which can only take permissions away.
    folder.mkdir(mode=_PRIVATE_FOLDER, parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _PRIVATE_FILE))
    if own_folder:
        _tighten(folder, _PRIVATE_FOLDER)
        for name in ("", *_SIDE_FILES):
            _tighten(path.with_name(path.name + name), _PRIVATE_FILE)


def _tighten(path: Path, mode: int) -> None:
    """Take away every permission beyond ``mode``; a path that is gone, or not
    ours to change, is left (the file still opens, as before)."""
    with contextlib.suppress(OSError):
        current = stat.S_IMODE(path.stat().st_mode)
        if current & ~mode:
            path.chmod(current & mode)
