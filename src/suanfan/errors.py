"""The one exception type of suanfan: every unreadable input becomes an ``InputError``."""

from __future__ import annotations

from contextvars import ContextVar

from .messages import in_language

# The language of whoever reads the error being answered: "en" unless a front end says otherwise for the request it
# answers (the HTTP server sets it from the request's ``lang`` / ``Accept-Language``: ``web.guard``).
READER_LANGUAGE: ContextVar[str] = ContextVar("suanfan_reader_language", default="en")

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
    """Input that cannot be read. ``code`` is stable (for programs), ``message`` names the problem (for people), in
    English. A message made by ``messages.say`` also knows itself in zh and ja (``names``); ``message_in(lang)`` and
    ``to_dict(lang)`` tell it in the reader's language (a message without its own sentence there: its code's
    sentence in it, ``messages.CODES``)."""

    def __init__(self, code: str, message: str) -> None:
        names = getattr(message, "names", None)  # a messages.Said
        message = _printable(str(message))
        super().__init__(message)
        self.code = code
        self.message = message
        self.names = {lang: _printable(text) for lang, text in names.items()} if names else None

    def message_in(self, lang: str | None = None) -> str:
        """The message in ``lang`` (None: the reader's, ``READER_LANGUAGE``; English unless a server set it)."""
        return in_language(self.code, self.message, self.names, lang or READER_LANGUAGE.get())

    def to_dict(self, lang: str | None = None) -> dict:
        return {"ok": False, "error": {"code": self.code, "message": self.message_in(lang)}}
