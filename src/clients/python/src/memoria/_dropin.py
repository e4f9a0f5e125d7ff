"""What the drop-in classes share: the client they talk through and scope names made from their arguments."""

from __future__ import annotations

import re
from typing import Iterable, Optional

from .client import Memoria
from .errors import MemoriaError

_SEGMENT = re.compile(r"^[A-Za-z0-9._@-]{1,64}$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._@-]+")


def client_or_default(client: Optional[Memoria]) -> Memoria:
    """The client given, or one from MEMORIA_URL and MEMORIA_TOKEN (what an unchanged agent's code relies on)."""
    return client if client is not None else Memoria()


def check_scope(scope: str) -> str:
    """A scope as the server takes it (1–8 ``:``-separated segments of ``[A-Za-z0-9._@-]``, never ``.`` or ``..``)."""
    segments = scope.split(":") if isinstance(scope, str) else []
    if not 1 <= len(segments) <= 8 or any(not _SEGMENT.match(s) or s in (".", "..") for s in segments):
        raise ValueError(
            f"invalid scope {scope!r}: 1 to 8 ':'-separated segments of letters, digits and . _ @ -, "
            "never '.' or '..'"
        )
    return scope


def scope_from_parts(prefix: str, parts: Iterable[str]) -> str:
    """A scope from arbitrary names (a directory, an agent id): unsafe characters become ``-``, dot segments and
    empty parts are dropped, at most the last 7 parts are kept after the prefix."""
    segments = []
    for part in parts:
        safe = _UNSAFE.sub("-", part).strip("-")[:64]
        if safe and safe not in (".", ".."):
            segments.append(safe)
    return ":".join([prefix] + segments[-7:]) if segments else prefix


def absent(error: MemoriaError) -> bool:
    return error.status == 404
