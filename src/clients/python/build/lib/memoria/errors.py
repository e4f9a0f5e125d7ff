"""One exception type for everything a call can fail with, carrying the server's problem+json fields."""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


class MemoriaError(Exception):
    """A call that did not succeed.

    ``status`` is the HTTP status (``None`` when no answer arrived: the server was unreachable, the connection
    broke, or it is not a Memoria server this client speaks to). ``type``, ``title``, ``detail`` and ``errors``
    are the RFC 9457 problem's fields; ``retry_after`` is the server's ``Retry-After`` in seconds, when it sent one.
    """

    def __init__(
        self,
        status: Optional[int],
        title: str,
        detail: str = "",
        *,
        type: str = "about:blank",
        errors: Optional[List[Dict[str, str]]] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.errors = list(errors or [])
        self.retry_after = retry_after
        super().__init__(self._message())

    def _message(self) -> str:
        head = f"{self.status} {self.title}" if self.status is not None else self.title
        text = f"{head}: {self.detail}" if self.detail else head
        if self.errors:
            text += " (" + "; ".join(f"{e.get('field')}: {e.get('message')}" for e in self.errors) + ")"
        return text

    @property
    def problem_type(self) -> str:
        """The last segment of the problem's ``type`` (a URL or URN), e.g. ``precondition-failed``."""
        return self.type.rstrip("/").replace(":", "/").rsplit("/", 1)[-1]

    @classmethod
    def from_problem(
        cls, status: int, body: Any, retry_after: Optional[float] = None, fallback: str = ""
    ) -> "MemoriaError":
        if isinstance(body, Mapping):
            errors = body.get("errors")
            return cls(
                status,
                str(body.get("title") or f"HTTP {status}"),
                str(body.get("detail") or ""),
                type=str(body.get("type") or "about:blank"),
                errors=[dict(e) for e in errors if isinstance(e, Mapping)] if isinstance(errors, list) else None,
                retry_after=retry_after,
            )
        return cls(status, f"HTTP {status}", fallback[:500], retry_after=retry_after)
