"""Explanations of calls (Law 20F) from the system's rules, in the players' languages.

:func:`describe` turns a :class:`~tenace.system.bidding.engine.CallMeaning` into the sentence an opponent
is given: the meaning's text, then what the hand holds (HCP, suit lengths, balance, stoppers, keycards) and
how far the call forces. :func:`to_meaning` gives the same as a structured
:class:`~tenace.system.meaning.Meaning`, which the system-card checks (Law 75) compare with the hand.

Texts are gettext messages of the domain ``tenace_bidding`` (``src/tenace/locale``), read with the standard
library's :mod:`gettext`.

>>> from tenace.system.bidding.engine import context
>>> from tenace.system.bidding.calls import parse_code
>>> from tenace.system.bidding.systems import builtin
>>> ctx = context(builtin(), 0, (False, False), (parse_code("1NT"), 0))
>>> describe(ctx.meaning(parse_code("2D")))
'Jacoby transfer: shows the next suit up; 5+♥; forcing'
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path
from typing import Final

from tenace.cards import Suit
from tenace.system.bidding.conditions import Facts
from tenace.system.bidding.engine import CallMeaning
from tenace.system.bidding.labels import N_
from tenace.system.meaning import Forcing, Length, Meaning

__all__ = ["DOMAIN", "describe", "to_meaning"]

DOMAIN: Final = "tenace_bidding"
LOCALE_DIR: Final = Path(__file__).resolve().parents[2] / "locale"
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

PHRASES: Final = {
    "or": N_("; or "),
    "and": N_("; "),
    "hcp": N_("{range} HCP"),
    "points": N_("{range} total points"),
    "balanced": N_("balanced"),
    "unbalanced": N_("unbalanced"),
    "semibalanced": N_("no singleton or void"),
    "stop": N_("a stopper in {suits}"),
    "no-stop": N_("no stopper in {suits}"),
    "good": N_("a good suit: {suits}"),
    "no-good": N_("not a good suit: {suits}"),
    "top1": N_("an ace, king or queen in {suits}"),
    "top2": N_("two of the ace, king and queen of {suits}"),
    "top3": N_("the ace, king and queen of {suits}"),
    "control": N_("first- or second-round control of {suits}"),
    "no-control": N_("no control of {suits}"),
    "queen": N_("the queen of {suits}"),
    "no-queen": N_("not the queen of {suits}"),
    "longest": N_("{suits} is the longest suit"),
    "keys": N_("keycards: {values}"),
    "aces": N_("aces: {values}"),
    "kings": N_("kings: {values}"),
    "controls": N_("controls: {values}"),
    "losers": N_("losing tricks: {values}"),
    "rule20": N_("opening values by the rule of 20"),
    "rule15": N_("opening values by the rule of 15"),
    "sum": N_("together at least {count} cards in {suits}"),
    "work": N_("at least {count} HCP besides the king, queen and jack of {suits}"),
    "no-work": N_("fewer than {count} HCP besides the king, queen and jack of {suits}"),
    "theirs": N_("their suits"),
    "unbid": N_("the unbid suits"),
}
FORCING: Final = {
    Forcing.SIGN_OFF: N_("sign-off"),
    Forcing.NON_FORCING: N_("not forcing"),
    Forcing.INVITATIONAL: N_("invitational"),
    Forcing.FORCING: N_("forcing"),
    Forcing.GAME_FORCING: N_("game forcing"),
}
NO_AGREEMENT: Final = N_("no agreement: natural")


@functools.cache
def _translation(locale: str) -> gettext.NullTranslations:
    code = locale.strip().replace("-", "_").split("_")[0].lower()
    if code == "en":
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code])
    except OSError:
        raise ValueError(f"no bidding explanations for locale {locale!r}") from None


def _range(low: int, high: int, top: int) -> str:
    if high >= top:
        return f"{low}+"
    if low <= 0:
        return f"0-{high}"
    return str(low) if low == high else f"{low}-{high}"


def _length(low: int, high: int) -> str:
    if low == high:
        return str(low)
    if high >= 13:
        return f"{low}+"
    return f"{low}-{high}"


def _suits(suits: tuple[int, ...]) -> str:
    return "".join(_SUITS[s].symbol for s in suits)


def _facts(facts: Facts, say: gettext.NullTranslations, *, balanced_lengths: bool) -> list[str]:
    parts: list[str] = []
    if facts.hcp_min > 0 or facts.hcp_max < 37:
        parts.append(say.gettext(PHRASES["hcp"]).format(range=_range(facts.hcp_min, facts.hcp_max, 37)))
    if facts.points_min is not None:
        high = facts.points_max if facts.points_max is not None else 40
        parts.append(say.gettext(PHRASES["points"]).format(range=_range(facts.points_min, high, 40)))
    for suit in (3, 2, 1, 0):
        low, high = facts.lengths[suit]
        if (low, high) == (0, 13) or (balanced_lengths and low <= 2 and high >= 5):
            continue  # nothing said, or no more than a balanced or semi-balanced shape says
        parts.append(f"{_length(low, high)}{_SUITS[suit].symbol}")
    if facts.balanced is not None:
        parts.append(say.gettext(PHRASES["balanced" if facts.balanced else "unbalanced"]))
    for key, values in facts.notes:
        phrase = PHRASES.get(key)
        if phrase is None or (key == "semibalanced" and facts.balanced):
            continue
        if key in ("keys", "aces", "kings", "controls", "losers"):
            parts.append(say.gettext(phrase).format(values=", ".join(str(v) for v in values)))
        elif key in ("sum", "work", "no-work"):
            parts.append(say.gettext(phrase).format(count=values[-1], suits=_suits(values[:-1])))
        else:
            parts.append(say.gettext(phrase).format(suits=_suits(values)))
    return parts


def describe(meaning: CallMeaning, locale: str = "en") -> str:
    """The explanation of a call with ``meaning``, in ``locale`` (``en``, ``pl``, ``lv``, ``sv``, ``el``).

    :raises ValueError: for a locale with no catalogue.
    """
    say = _translation(locale)
    if not meaning.rules:
        return say.gettext(NO_AGREEMENT)
    texts = [say.gettext(text) for text in meaning.texts]
    head = say.gettext(PHRASES["or"]).join(texts)
    parts = [head, *_facts(meaning.facts, say, balanced_lengths=True)]
    if meaning.forcing is not None:
        parts.append(say.gettext(FORCING[meaning.forcing]))
    return say.gettext(PHRASES["and"]).join(parts)


def to_meaning(meaning: CallMeaning, locale: str = "en") -> Meaning:
    """The structured :class:`~tenace.system.meaning.Meaning` of a call (for the system card and the checks
    of Law 75)."""
    facts = meaning.facts
    lengths = tuple(
        Length(_SUITS[s], low or None, high if high < 13 else None)
        for s, (low, high) in ((s, facts.lengths[s]) for s in (3, 2, 1, 0)) if (low, high) != (0, 13))
    conventions = meaning.conventions
    convention = conventions[0] if conventions and all(c == conventions[0] for c in conventions) else None
    transfer = None
    if meaning.transfer and meaning.call >= 3 and (meaning.call - 3) % 5 < 3:
        transfer = _SUITS[(meaning.call - 3) % 5 + 1]
    return Meaning(
        text=describe(meaning, locale),
        hcp_min=facts.hcp_min or None,
        hcp_max=facts.hcp_max if facts.hcp_max < 37 else None,
        lengths=lengths,
        balanced=facts.balanced,
        forcing=meaning.forcing,
        artificial=meaning.alert or None if meaning.rules else None,
        convention=convention,
        transfer=transfer,
    )
