"""The one exception type of suanfan: every unreadable input becomes an ``InputError``."""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be read. ``code`` is stable (for programs), ``message`` names the problem (for people)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
