"""Work and schemas for the isolation tests: module-level, so worker processes
can import it."""

from __future__ import annotations

import os
from typing import Any


def pid_and_sum(numbers: list[int]) -> tuple[int, int]:
    return os.getpid(), sum(numbers)


def spin(pid_file: str | None = None) -> None:
    if pid_file is not None:
        with open(pid_file, "w") as out:
            out.write(str(os.getpid()))
    while True:  # pure CPU, never yields: only the kernel or a kill stops it
        pass


def hoard() -> int:
    chunks = [bytearray(64 * 1024 * 1024) for _ in range(64)]  # 4 GiB, past any cap
    return len(chunks)


def fail(message: str) -> None:
    raise ValueError(message)


def die() -> None:
    os._exit(3)


def chained_schema(links: int, *, items: bool = False) -> dict[str, Any]:
    """``links`` definitions, each an ``anyOf`` of two references to the next:
    2**links paths through a schema of about 70 bytes a link. With ``items``
    the chain applies to each item of an array, so a long draft multiplies it."""
    defs: dict[str, Any] = {
        f"d{i}": {"anyOf": [{"$ref": f"#/$defs/d{i + 1}"}, {"$ref": f"#/$defs/d{i + 1}"}]}
        for i in range(links)
    }
    defs[f"d{links}"] = {"type": "integer"}
    if items:
        return {"$defs": defs, "type": "array", "items": {"$ref": "#/$defs/d0"}}
    return {"$defs": defs, "$ref": "#/$defs/d0"}
