"""The words of ``tenace serve``'s pages and refusals in the player's language: the ``tenace_web`` gettext
catalogue (``tools/i18n.py``; English, Polish, Latvian, Swedish, Greek), the page's language chosen from the
request, and the refusals the table actors and the lobby send (Director calls, chat, limits), kept here, below
everything that says them (:mod:`tenace.server.actors`, :mod:`tenace.server.pages`, the lobby).

>>> choose_locale("pl", None, "")
'pl'
>>> choose_locale(None, None, "sv-SE,sv;q=0.9,en;q=0.8")
'sv'
>>> choose_locale("xx", "el", "fr")
'el'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Final

from starlette.requests import HTTPConnection

from tenace.server.protocol import MAX_DIRECTOR_TEXT
from tenace.server.room import MAX_CHAT_TEXT

if TYPE_CHECKING:
    from babel.support import NullTranslations

__all__ = [
    "CHAT_REFUSALS", "COOKIE", "DIRECTOR_REFUSALS", "DOMAIN", "LANGUAGE_NAMES", "LIMIT_REFUSALS",
    "LOBBY_ERRORS", "LOCALES", "LOCALE_DIR", "N_", "chat_refusal", "choose_locale", "director_refusal",
    "gettext_for", "limit_refusal", "request_locale", "translations_for",
]

DOMAIN: Final = "tenace_web"
"""The gettext domain of the pages' labels: ``LOCALE_DIR / <locale> / "LC_MESSAGES" / "tenace_web.mo"``."""
LOCALE_DIR: Final = Path(str(files("tenace"))) / "locale"
LOCALES: Final = ("en", "pl", "lv", "sv", "el")
LANGUAGE_NAMES: Final = {"en": "English", "pl": "Polski", "lv": "Latviešu", "sv": "Svenska", "el": "Ελληνικά"}
COOKIE: Final = "tenace_lang"


def N_(message: str) -> str:
    """Mark a message for extraction (tools/i18n.py); it is translated where it is shown."""
    return message


DIRECTOR_REFUSALS: Final = {
    "not-a-player": N_("Only a player at the table can call the Director."),
    "table-finished": N_("This table has finished its boards: the Director can no longer be called from it."),
    "too-long": N_("Your words to the Director are too long: at most {max} characters."),
    "too-many": N_("The Director has been called too many times on this board."),
}
"""Why a Director call with a reason is refused (Law 9; ``TableActor._director_request``), by error code."""

CHAT_REFUSALS: Final = {
    "chat-off": N_("The chat is closed while the board is played at this table: partners communicate only "
                   "by their calls and plays (Law 73B). It opens when the board is over."),
    "chat-spectator": N_("Spectators do not write to the players while they play (Law 76)."),
    "chat-too-long": N_("Your message is too long: at most {max} characters."),
    "chat-rate": N_("You are writing too fast: wait a few seconds."),
    "chat-empty": N_("Your message is empty."),
}
"""Why a chat message is refused (:meth:`tenace.server.room.TableRoom.refusal`), by error code."""

LIMIT_REFUSALS: Final = {
    "tables-server": N_("the server holds {total} tables, its limit (TENACE_MAX_TABLES={limit}): try again "
                        "later"),
    "tables-client": N_("{client} already has {count} open tables, the limit ({setting}={limit}): finish or "
                        "leave one first"),
    "sockets-address": N_("address {address} already has {count} connections open, the limit "
                          "(TENACE_SOCKETS_PER_ADDRESS={limit})"),
    "sockets-table": N_("table {table} already has {count} connections, the limit "
                        "(TENACE_SOCKETS_PER_TABLE={limit})"),
    "spectators": N_("table {table} already has {count} spectators, the limit "
                     "(TENACE_SPECTATORS_PER_TABLE={limit})"),
}
"""Why a server limit refuses a table or a connection (:class:`tenace.server.limits.Refusal`), by code; each
names the client, what it holds and the setting, so that an operator knows what to raise."""


def limit_refusal(code: str, values: Mapping[str, str | int], locale: str) -> str:
    """A limit's refusal (:class:`tenace.server.limits.Refusal`) in ``locale``."""
    return gettext_for(locale)(LIMIT_REFUSALS[code]).format(**values)

LOBBY_ERRORS: Final = {
    "seat-taken": N_("This seat is no longer free: someone took it, or the table has closed."),
    "bad-choice": N_("Choose a robot, a friend or anyone from the lobby for each seat."),
    "not-host": N_("Only the player who started this table can give its seats to robots."),
    "robot-later": N_("A trick has already been played: a robot can take this seat when the board is over."),
}
"""Why the lobby refuses a table for friends or a seat at an open table (tenace.server.lobby)."""


def chat_refusal(key: str, locale: str) -> str:
    """A refused chat message (:data:`tenace.server.room.CHAT_REFUSALS`) in ``locale``."""
    return gettext_for(locale)(CHAT_REFUSALS[key]).format(max=MAX_CHAT_TEXT)


def director_refusal(key: str, locale: str) -> str:
    """A refused Director call (:data:`DIRECTOR_REFUSALS`) in ``locale``."""
    return gettext_for(locale)(DIRECTOR_REFUSALS[key]).format(max=MAX_DIRECTOR_TEXT)


def choose_locale(query: str | None, cookie: str | None, accept_language: str) -> str:
    """The page's language: ``?lang=`` if shipped, else the cookie, else the first shipped language the
    browser asks for (``Accept-Language``), else English."""
    for candidate in (query, cookie):
        code = _shipped(candidate)
        if code is not None:
            return code
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        weighted.append((-quality, index, tag))
    for _, _, tag in sorted(weighted):
        code = _shipped(tag)
        if code is not None:
            return code
    return "en"


def _shipped(tag: str | None) -> str | None:
    if not tag:
        return None
    code = tag.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LOCALES else None


@functools.cache
def translations_for(locale: str) -> NullTranslations:
    from babel.support import NullTranslations, Translations

    loaded = Translations.load(str(LOCALE_DIR), [locale], DOMAIN)
    return loaded if isinstance(loaded, Translations) else NullTranslations()


def gettext_for(locale: str) -> Callable[[str], str]:
    """The function translating labels into ``locale`` (a label missing from the catalogue stays English).

    >>> gettext_for("pl")("Start a table")
    'Rozpocznij stół'
    """
    return translations_for(_shipped(locale) or "en").gettext


def request_locale(request: HTTPConnection) -> str:
    """The page's language: ``?lang=``, else the language cookie, else the browser's ``Accept-Language``."""
    return choose_locale(
        request.query_params.get("lang"),
        request.cookies.get(COOKIE),
        request.headers.get("accept-language", ""),
    )
