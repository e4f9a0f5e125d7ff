"""Memoria's Python client: long-term memory for AI agents, on a Memoria server.

>>> from memoria import Memoria
>>> memoria = Memoria("http://localhost:9080", token)       # or MEMORIA_URL and MEMORIA_TOKEN
>>> memoria.remember("user:42", "Prefers Python", category="preferences", persistent=True)
>>> memoria.recall("user:42", "which language does the user like?").facts[0].content
'Prefers Python'

Drop-in classes with the interfaces of the libraries Memoria replaces are in ``memoria.selectools``,
``memoria.agentmemo`` and ``memoria.nodestep``.
"""

from ._version import API_VERSIONS, __version__
from .client import AsyncMemoria, Memoria
from .errors import MemoriaError
from .models import (
    BatchResult,
    Fact,
    FactPage,
    Learned,
    LogEntry,
    Recall,
    RecallItem,
    Remembered,
    ScopeInfo,
    Signals,
    Snapshot,
    ToolResult,
    Version,
)

__all__ = [
    "API_VERSIONS",
    "AsyncMemoria",
    "BatchResult",
    "Fact",
    "FactPage",
    "Learned",
    "LogEntry",
    "Memoria",
    "MemoriaError",
    "Recall",
    "RecallItem",
    "Remembered",
    "ScopeInfo",
    "Signals",
    "Snapshot",
    "ToolResult",
    "Version",
    "__version__",
]
