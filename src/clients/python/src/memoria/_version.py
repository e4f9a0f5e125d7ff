"""The client's version and the REST contract versions it speaks (the major of both is the same)."""

__version__ = "1.0.0"

#: Majors of the server's ``Memoria-Api-Version`` header (and of ``/openapi``'s ``info.version``) this client reads.
API_VERSIONS = ("1",)
