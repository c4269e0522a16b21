"""The one exception type of suanfan: every unreadable input becomes an ``InputError``."""

from __future__ import annotations

MAX_MESSAGE = 300  # characters: a message names the problem; it never echoes a whole (possibly huge) input


def _printable(message: str) -> str:
    """The message as it can be written anywhere: at most ``MAX_MESSAGE`` characters, a lone surrogate (text that is
    no Unicode, e.g. a JSON ``"\\ud800"``) written as its escape, so that printing or encoding it cannot fail."""
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    if not message.isascii():
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return message


class InputError(ValueError):
    """Input that cannot be read. ``code`` is stable (for programs), ``message`` names the problem (for people)."""

    def __init__(self, code: str, message: str) -> None:
        message = _printable(message)
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
