"""Plain-language explanations of what the Laws engine says, in the players' languages.

:func:`explain` turns an engine value into a sentence a player at the table can read: an
:class:`~tenace.laws.decisions.Irregularity` (what happened, who did it, which Law), a pending
:class:`~tenace.laws.decisions.Decision` (who decides, between which options), each option, each constraint
(who must pass, lead restrictions, ...), a withdrawn call (Law 16C: who may and who may not use it), a phase,
a seat, a call or a Law reference.

The messages live in gettext catalogues under ``tenace/locale/<locale>/LC_MESSAGES/tenace.po`` (compiled to
``.mo`` and shipped with the package) and are loaded with Babel. English is the source language; Polish
(``pl``), Latvian (``lv``), Swedish (``sv``) and Greek (``el``) are complete translations whose bridge terms
follow the national editions of the Laws. ``tools/i18n.py`` extracts, updates and compiles the catalogues
(see docs/translations.md).

>>> from tenace.laws.decisions import MustPass, Duration
>>> from tenace.laws.refs import LawRef
>>> from tenace.seats import Seat
>>> explain(MustPass(Seat.WEST, Duration.REST_OF_AUCTION, LawRef(27, "B2")))
'West must pass whenever it is their turn to call, for the rest of the auction (Law 27B2).'
>>> explain(MustPass(Seat.WEST, Duration.NEXT_TURN, LawRef(30, "A")), locale="pl")
'Zachód musi spasować przy najbliższej kolejce licytowania (przepis 30A).'
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from tenace.calls import Bid, Call, Denomination, Double, Pass, Redouble
from tenace.cards import Card, Suit
from tenace.laws import decisions
from tenace.laws import information as ui
from tenace.laws.adjustments import Owed
from tenace.laws.decisions import (
    Decision,
    Duration,
    Irregularity,
    Kind,
    Withdrawn,
    WithdrawnCard,
)
from tenace.laws.editions import OLD, in_edition
from tenace.laws.events import ScoreAdjusted, UIReason, UIRuling
from tenace.laws.information import UICase
from tenace.laws.misinformation import Duty
from tenace.laws.refs import Director, LawRef
from tenace.laws.table import Phase, Table
from tenace.laws.tempo import TempoBreak
from tenace.scoring.adjusted import ArtificialAdjustedScore, Award, WeightedScore
from tenace.seats import Seat

if typing.TYPE_CHECKING:
    from babel.support import NullTranslations

LOCALE_DIR: Final = Path(__file__).resolve().parents[1] / "locale"
"""Where the catalogues are: ``LOCALE_DIR / <locale> / "LC_MESSAGES" / "tenace.mo"``."""
DOMAIN: Final = "tenace"
SOURCE_LOCALE: Final = "en"


class LocaleError(ValueError):
    """A locale Tenace has no messages for."""


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the catalogue; it is translated later, when used."""
    return message


# --- the messages (English is the source text; every one is in every catalogue) --------------------------

SEAT_NAMES: Final[Mapping[Seat, str]] = {
    Seat.NORTH: N_("North"),
    Seat.EAST: N_("East"),
    Seat.SOUTH: N_("South"),
    Seat.WEST: N_("West"),
}
DIRECTOR_NAME: Final = N_("the Director")
LAW_REF: Final = N_("Law {ref}")

CALL_NAMES: Final[Mapping[type, str]] = {
    Pass: N_("Pass"),
    Double: N_("Double"),
    Redouble: N_("Redouble"),
}
NOTRUMP: Final = N_("NT")

KIND_NAMES: Final[Mapping[str, str]] = {
    "INSUFFICIENT_BID": N_("insufficient bid"),
    "CALL_OUT_OF_ROTATION": N_("call out of rotation"),
    "INADMISSIBLE_DOUBLE": N_("inadmissible double or redouble"),
    "CALL_WHILE_REQUIRED_TO_PASS": N_("call by a player who must pass"),
    "CALL_AFTER_FINAL_PASS": N_("call after the final pass"),
    "BID_ABOVE_SEVEN": N_("bid of more than seven"),
    "REVOKE": N_("revoke"),
    "CHANGE_OF_CALL": N_("change of call"),
    "CARD_EXPOSED": N_("exposed card"),
    "PENALTY_CARD_NOT_PLAYED": N_("penalty card not played"),
    "LEAD_RESTRICTION_BROKEN": N_("lead against a lead requirement or prohibition"),
    "LEAD_OUT_OF_TURN": N_("lead out of turn"),
    "PREMATURE_PLAY": N_("premature lead or play"),
    "SIMULTANEOUS_CARDS": N_("two or more cards played at once"),
    "WRONG_CARD_FROM_DUMMY": N_("card from dummy not the one named"),
    "QUESTION_OUT_OF_TURN": N_("question out of turn"),
    "MISTAKEN_EXPLANATION": N_("mistaken explanation"),
    "EARLY_CORRECTION": N_("correction made too early"),
    "LATE_CORRECTION": N_("correction made too late"),
    "FIFTH_CARD": N_("fifth card to a trick"),
    "DUMMY_INDICATED": N_("card indicated by dummy"),
    "DUMMY_WARNED": N_("dummy's warning after breaking a limitation"),
}
"""The short name of each :class:`~tenace.laws.decisions.Kind` of irregularity, by member name."""

KIND_SENTENCES: Final[Mapping[str, str]] = {
    "INSUFFICIENT_BID": N_(
        "Insufficient bid: {offender} bid {call}, which does not outrank the bid before it ({law})."
    ),
    "CALL_OUT_OF_ROTATION": N_(
        "Call out of rotation: {offender} called {call} when it was another player's turn ({law})."
    ),
    "INADMISSIBLE_DOUBLE": N_(
        "Inadmissible call: {offender} made a {call} that the auction does not allow at this point ({law})."
    ),
    "CALL_WHILE_REQUIRED_TO_PASS": N_(
        "Call while obliged to pass: {offender} called {call} although required to pass ({law})."
    ),
    "CALL_AFTER_FINAL_PASS": N_(
        "Call after the auction ended: {offender} called {call} after the final pass ({law})."
    ),
    "BID_ABOVE_SEVEN": N_(
        "Bid of more than seven: {offender} bid above the seven level; it and any call over it are cancelled"
        " ({law})."
    ),
    "REVOKE": N_(
        "Revoke: {offender} played a card of another suit while holding a card of the suit led ({law})."
    ),
    "CHANGE_OF_CALL": N_("Change of call: {offender} replaced a call already made with {call} ({law})."),
    "CARD_EXPOSED": N_("Exposed card: {offender} let a card be seen other than by playing it ({law})."),
    "PENALTY_CARD_NOT_PLAYED": N_(
        "Penalty card not played: {offender} played another card when the penalty card had to be played"
        " ({law})."
    ),
    "LEAD_RESTRICTION_BROKEN": N_(
        "Lead against a restriction: {offender} led in a way that declarer's lead requirement or prohibition"
        " did not allow ({law})."
    ),
    "LEAD_OUT_OF_TURN": N_(
        "Lead out of turn: {offender} led when it was another player's turn to lead ({law})."
    ),
    "PREMATURE_PLAY": N_(
        "Premature lead or play: {offender} led or played before their partner had played ({law})."
    ),
    "SIMULTANEOUS_CARDS": N_("Cards played together: {offender} played two or more cards at once ({law})."),
    "WRONG_CARD_FROM_DUMMY": N_(
        "Card not named: {offender}, dummy, placed a card that declarer had not named in the played position"
        " ({law})."
    ),
    "QUESTION_OUT_OF_TURN": N_(
        "Question out of turn: {offender} asked about the opponents' calls when it was not their turn"
        " ({law})."
    ),
    "MISTAKEN_EXPLANATION": N_(
        "Mistaken explanation: the Director finds that {offender} explained a call differently from the"
        " partnership agreement ({law})."
    ),
    "EARLY_CORRECTION": N_(
        "Correction too early: {offender} corrected their partner's explanation before the Laws allow it"
        " ({law})."
    ),
    "LATE_CORRECTION": N_(
        "Correction too late: {offender} corrected a mistaken explanation after the time the Laws set"
        " ({law})."
    ),
    "FIFTH_CARD": N_(
        "Fifth card: {offender} put another card on a trick to which they had already played ({law})."
    ),
    "DUMMY_INDICATED": N_(
        "Dummy's act: {offender}, dummy, touched or indicated a card without declarer's instruction; play"
        " continues and the Director rules at the end of the play ({law})."
    ),
    "DUMMY_WARNED": N_(
        "Dummy's warning: {offender}, dummy, having broken a limitation on dummy, warned declarer about the"
        " hand to lead from; a defender chooses that hand ({law})."
    ),
}
"""What happened, as a sentence: placeholders ``{offender}``, ``{call}`` and ``{law}``."""

IRREGULARITY_FALLBACK: Final = N_("Irregularity ({kind}) by {offender} ({law}).")

PHASE_NAMES: Final[Mapping[str, str]] = {
    "AUCTION": N_("Auction period"),
    "CLARIFICATION": N_("Clarification period"),
    "PLAY": N_("Play period"),
    "CLAIM": N_("Play stopped for a claim"),
    "ENDED": N_("Board ended"),
}
"""The name of each :class:`~tenace.laws.table.Phase`, by member name."""

DURATIONS: Final[Mapping[Duration, str]] = {
    Duration.NEXT_TURN: N_("at the next turn to call"),
    Duration.REST_OF_AUCTION: N_("for the rest of the auction"),
}

MUST_PASS: Final[Mapping[Duration, str]] = {
    Duration.NEXT_TURN: N_("{seat} must pass at their next turn to call ({law})."),
    Duration.REST_OF_AUCTION: N_(
        "{seat} must pass whenever it is their turn to call, for the rest of the auction ({law})."
    ),
}
NO_DOUBLE_NOW: Final = N_("{seat} may bid or pass at their next turn, but not double or redouble ({law}).")
LEAD_RESTRICTION_2007: Final = N_(
    "When {seat} first has the lead, declarer may require or forbid the lead of a suit named by the call"
    " {offender} withdrew, or forbid any one suit if that call named none; a ban lasts while {seat} keeps the"
    " lead ({law})."
)
SAME_MEANING_YES: Final = N_(
    "The Director rules that the replacement means the same as the insufficient bid, or something more"
    " precise: the auction goes on with no further rectification ({law})."
)
SAME_MEANING_NO: Final = N_(
    "The Director rules that the replacement does not mean the same as the insufficient bid, nor something"
    " more precise: the offender's partner must pass for the rest of the auction ({law})."
)
MUST_REPEAT: Final = N_("At their turn, {seat} must make the cancelled call {call} again ({law}).")
LEAD_RESTRICTION: Final = N_(
    "When {seat} first has the lead, declarer may forbid the lead of one suit that {offender} did not name"
    " in the lawful auction; the ban lasts while {seat} keeps the lead ({law})."
)
PENALTY_CARD_MAJOR: Final = N_(
    "Major penalty card of {seat}: {card}. It stays face up on the table and must be played at the first"
    " lawful opportunity ({law})."
)
PENALTY_CARD_MINOR: Final = N_(
    "Minor penalty card of {seat}: {card}. It stays face up on the table; until it is played, its owner may"
    " play an honour of that suit instead, but no other card below the ten ({law})."
)
MUST_LEAD: Final = N_("{seat} must lead {suit} at this turn to lead, if able to ({law}).")
MAY_NOT_LEAD: Final = N_("{seat} may not lead {suits} for as long as they keep the lead ({law}).")
MUST_PLAY: Final = N_("{seat} must play {card} at this turn ({law}).")
PLAY_REQUIREMENTS: Final[Mapping[str, str]] = {
    "RequireHighest": N_("{seat} must play the highest card held in the suit led to this trick ({law})."),
    "RequireLowest": N_("{seat} must play the lowest card held in the suit led to this trick ({law})."),
    "RequireSuit": N_("{seat} must play a card of {suit} to this trick, if able to ({law})."),
    "ForbidSuit": N_("{seat} may not play a card of {suit} to this trick ({law})."),
}
"""A :class:`PlayRequirement` constraint, by the type name of its rule (Law 57A)."""

ACCEPT: Final = N_(
    "Accept the irregular action: it stands as if it had been lawful and nothing more is rectified ({law})."
)
REJECT: Final = N_("Do not accept it: the rectification the Laws provide follows ({law}).")
COMPARABLE_YES: Final = N_(
    "The Director rules the replacement call comparable: the auction goes on with no further"
    " rectification ({law})."
)
COMPARABLE_NO: Final = N_(
    "The Director rules the replacement call not comparable: the rectification for a call that is not"
    " comparable applies ({law})."
)
UNINTENDED_YES: Final = N_(
    "The Director rules the first call unintended (a slip of the tongue or a mechanical error): the"
    " corrected call replaces it ({law})."
)
UNINTENDED_NO: Final = N_(
    "The Director rules the first call intended: the change is treated as a change of mind and its"
    " rectification applies ({law})."
)
KEEP_CALL: Final = N_("Let the call made after the changed call stand ({law}).")
WITHDRAW_CALL: Final = N_("Take back the call made after the changed call and call again ({law}).")
REQUIRE_LEAD: Final = N_("Require the lead of {suit} ({law}).")
FORBID_LEAD: Final = N_("Forbid the lead of {suits} for as long as the leader keeps the lead ({law}).")
FREE_LEAD: Final = N_("Neither require nor forbid any lead: the leader may lead anything ({law}).")
LEAD_FROM: Final = N_("Declarer leads from {seat}'s hand ({law}).")
DESIGNATE_CARD: Final = N_("Have the penalty card {card} played now ({law}).")
PLAY_CARD: Final = N_("Play {card} ({law}).")
"""``DesignateCard`` outside the penalty-card Laws: the card named for dummy (Law 46B) or the one of several
cards played at once that is played (Law 58B2)."""
DESIGNATION_SLIP: Final = N_(
    "The Director rules the designation a slip of the tongue: dummy's card goes back and the corrected card"
    " is played ({law})."
)
DESIGNATION_KEPT: Final = N_(
    "The Director rules it a loss of concentration or a change of mind: the card first named stays played"
    " ({law})."
)
SPREAD_HAND: Final = N_("Declarer spreads their hand and becomes dummy; partner becomes declarer ({law}).")
REQUIRE_HIGHEST: Final = N_(
    "Require the offender's partner to play the highest card held in the suit led ({law})."
)
REQUIRE_LOWEST: Final = N_(
    "Require the offender's partner to play the lowest card held in the suit led ({law})."
)
REQUIRE_SUIT: Final = N_("Require the offender's partner to play a card of {suit} ({law}).")
FORBID_SUIT: Final = N_("Forbid the offender's partner to play a card of {suit} ({law}).")
NO_ADJUSTMENT: Final = N_(
    "The Director judges the rectification already applied sufficient: the result stands ({law})."
)
NO_ADJUSTMENT_45F: Final = N_(
    "The Director finds that dummy suggested no play, or that the defenders were not damaged: the result"
    " stands ({law})."
)
"""``NoAdjustment`` after dummy touched or indicated a card (Law 45F)."""
DEEMED_LED_YES: Final = N_(
    "The Director deems the card led: it is a lead to the next trick, in turn or out of turn ({law})."
)
DEEMED_LED_NO_MINOR: Final = N_(
    "The Director deems the card not led and contributed by accident: a minor penalty card ({law})."
)
DEEMED_LED_NO: Final = N_(
    "The Director deems the card not led: a defender's card becomes a penalty card, declarer's or dummy's"
    " goes back to the hand ({law})."
)
ADJUSTED_TRICKS: Final = N_(
    "The Director assigns an adjusted result; tricks credited to declarer's side: {tricks} ({law})."
)
RESTORE_HANDS: Final = N_(
    "The Director corrects the hands and the board goes on; the restored hands count as held from the start"
    " ({law})."
)
RESTORE_HANDS_REVIEWED: Final = N_(
    "The Director corrects the hands and the board is played and scored; at the end he may still adjust the"
    " score ({law})."
)
"""``RestoreHands`` under Laws 13A2 and 13B1, which let the Director adjust the score after play."""
CARD_AMONG_PLAYED: Final = N_(
    "The missing card is among the played cards: the Law on defective tricks applies ({law})."
)
AWARD_ADJUSTED: Final = N_(
    "The result at the table is cancelled and the Director awards an adjusted score ({law})."
)
ARTIFICIAL_SCORES: Final = N_("Artificial adjusted scores: North-South {ns}, East-West {ew} ({law}).")
AWARD_NAMES: Final[Mapping[str, str]] = {
    "AVERAGE_PLUS": N_("average plus"),
    "AVERAGE": N_("average"),
    "AVERAGE_MINUS": N_("average minus"),
}
"""The artificial adjusted scores of Law 12C2(a), by :class:`~tenace.scoring.adjusted.Award` member name."""
ASSIGNED_SCORE: Final = N_(
    "The Director assigns a score, the likely result had the irregularity not happened ({law})."
)
DIFFERS_YES: Final = N_(
    "The Director rules the new call different from the cancelled one: an adjusted score is awarded ({law})."
)
DIFFERS_NO: Final = N_(
    "The Director rules the new call not different from the cancelled one: the board is played normally"
    " ({law})."
)
CORRECT_BOARD_LATER_YES: Final = N_(
    "The score stands, and the two pairs must play their proper board against each other later ({law})."
)
CORRECT_BOARD_LATER_NO: Final = N_("The score stands; the proper board is not played later ({law}).")
GENERIC: Final = N_("{name} ({law}).")
"""For an option or constraint type that has no message of its own yet (the tests flag such a type)."""

WITHDRAWN: Final = N_(
    "{seat} withdrew the call {call}. The opponents may use what it tells them; the partner may not: for the"
    " partner it is unauthorised information that must not influence calls or plays ({law})."
)
WITHDRAWN_OTHER_SIDE: Final = N_(
    "{seat} withdrew the call {call} because of the other side's irregularity. {seat} and partner may use"
    " what it tells them; for the other side it is unauthorised information ({law})."
)
WITHDRAWN_CARD: Final = N_(
    "{seat} took the card {card} back into the hand. The opponents may use what it showed; the partner may"
    " not: for the partner it is unauthorised information that must not influence calls or plays ({law})."
)
WITHDRAWN_CARD_OTHER_SIDE: Final = N_(
    "{seat} took the card {card} back into the hand because of the other side's irregularity. {seat} and"
    " partner may use what it showed; for the other side it is unauthorised information ({law})."
)

UI_REASONS: Final[Mapping[str, str]] = {
    "HESITATION": N_("a hesitation"),
    "SPEED": N_("unusual speed"),
    "REMARK": N_("a remark or question"),
    "ALERT": N_("an alert or explanation"),
    "MANNERISM": N_("a gesture or mannerism"),
}
"""How information reached a partner (:class:`~tenace.laws.events.UIReason`), by member name."""
UI_RESERVED: Final = N_(
    "{by} reserves the right to call the Director: {about} may have given {receiver} unauthorised"
    " information by {reason} ({law})."
)
UI_STAGES: Final[Mapping[str, str]] = {
    "poll or logical alternatives": N_("The Director is to poll peers and find the logical alternatives."),
    "suggested": N_("The Director is to decide whether the action chosen was suggested by the information."),
    "ruling": N_("The Director is to rule on the score."),
    "ruled": N_("The Director has ruled."),
}
"""What the Director must still record in a Law 16B case (:attr:`UICase.stage`)."""
UI_STANDS: Final = N_("The Director rules that the score obtained at the table stands ({law}).")
UI_ADJUSTED: Final = N_("The Director assigns an adjusted score: {score} ({law}).")
UI_ADJUSTED_SIDES: Final = N_(
    "The Director assigns an adjusted score: North-South {ns}, East-West {ew} ({law})."
)
OWED_ADJUSTMENT: Final[Mapping[str, str]] = {
    "NS": N_("At the end of the play the Director judges whether North-South were damaged, and if so adjusts"
             " the score ({law})."),
    "EW": N_("At the end of the play the Director judges whether East-West were damaged, and if so adjusts"
             " the score ({law})."),
}
"""An end-of-play judgement (:class:`~tenace.laws.adjustments.Owed`), by the protected side's member name."""
OWED_ADJUSTMENT_ANY: Final = N_(
    "At the end of the play the Director judges whether the non-offending side was damaged, and if so adjusts"
    " the score ({law})."
)
ARTIFICIAL_PERCENT: Final = N_("{percent} %")
TEMPO_BREAK: Final = N_(
    "Break in tempo: {seat} took {seconds} seconds over {action}; usually {usual} seconds ({law})."
)
"""For the Director only: players never see the measurement (Law 16B1)."""
UI_HEADER: Final = N_("Unauthorised information:")

DUTIES: Final[Mapping[str, str]] = {
    "BEFORE_OPENING_LEAD": N_(
        "{seat} must call the Director and correct the explanation of {call} before the opening lead is faced"
        " ({law})."
    ),
    "AT_ONCE": N_("{seat} must call the Director now and correct the explanation of {call} ({law})."),
    "AFTER_FINAL_PASS": N_(
        "{seat} must call the Director and correct partner's explanation of {call} after the final pass,"
        " before the opening lead is faced ({law})."
    ),
    "AFTER_PLAY": N_(
        "{seat} must call the Director and correct partner's explanation of {call} at the end of the play"
        " ({law})."
    ),
    "BY_SIDE": N_(
        "{seat} must say nothing now about partner's explanation of {call}; it is corrected after the final"
        " pass if their side declares, at the end of the play if it defends ({law})."
    ),
}
"""A correction still owed (:class:`~tenace.laws.misinformation.Duty`), by the name of when it is due."""

DECISION_SEAT: Final = N_("{actor} decides ({law}).")
DECISION_DIRECTOR: Final = N_("The Director decides ({law}).")
OPTIONS_HEADER: Final = N_("The options:")
IN_FORCE_HEADER: Final = N_("In force:")
WITHDRAWN_HEADER: Final = N_("Withdrawn calls:")
WITHDRAWN_CARDS_HEADER: Final = N_("Cards taken back:")


# --- loading the catalogues --------------------------------------------------------------------------------


def available_locales() -> tuple[str, ...]:
    """The locales with a compiled catalogue, in alphabetical order.

    >>> available_locales()
    ('el', 'en', 'lv', 'pl', 'sv')
    """
    return tuple(
        sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())
    )


def normalise_locale(locale: str) -> str:
    """The shipped locale for ``locale``: ``"pl_PL"``, ``"pl-PL"`` and ``"PL"`` all give ``"pl"``.

    >>> normalise_locale("sv-SE")
    'sv'
    """
    shipped = available_locales()
    text = locale.strip().replace("-", "_")
    for candidate in (text, text.split("_")[0].lower()):
        if candidate in shipped:
            return candidate
    raise LocaleError(f"no messages for locale {locale!r}; the shipped locales are {', '.join(shipped)}")


@functools.cache
def translations(locale: str = SOURCE_LOCALE) -> NullTranslations:
    """The Babel translations for ``locale`` (loaded once and cached)."""
    from babel.support import Translations

    code = normalise_locale(locale)
    loaded = Translations.load(str(LOCALE_DIR), [code], DOMAIN)
    if not isinstance(loaded, Translations):  # Babel returns NullTranslations when no file is found
        raise LocaleError(f"the catalogue for {code!r} could not be loaded from {LOCALE_DIR}")
    return loaded


# --- building the sentences --------------------------------------------------------------------------------


class _Speaker:
    """Translates and fills messages for one locale."""

    def __init__(self, locale: str, edition: int | None = None) -> None:
        self._t = translations(locale)
        self._edition = edition
        """The edition the table follows: its clauses are cited as that edition numbers them."""

    def __call__(self, message: str, **values: str) -> str:
        return self._t.gettext(message).format(**values)

    def seat(self, seat: Seat) -> str:
        return self(SEAT_NAMES[seat])

    def actor(self, actor: Seat | Director) -> str:
        return self(DIRECTOR_NAME) if isinstance(actor, Director) else self.seat(actor)

    def law(self, law: LawRef) -> str:
        if self._edition is not None:
            law = in_edition(law, self._edition)
        return self(LAW_REF, ref=law.cited)

    def call(self, call: Call | None) -> str:
        if call is None:
            return "?"
        if isinstance(call, Bid):
            strain = call.denomination
            name = self(NOTRUMP) if strain is Denomination.NOTRUMP else strain.symbol
            return f"{call.level}{name}"
        return self(CALL_NAMES[type(call)])

    def suits(self, suits: Iterable[Suit]) -> str:
        return " ".join(suit.symbol for suit in suits)

    def card(self, card: Card) -> str:
        letter = card.rank.letter
        return card.suit.symbol + ("10" if letter == "T" else letter)


def _kind(s: _Speaker, kind: Kind) -> str:
    return s(KIND_NAMES[kind.name]) if kind.name in KIND_NAMES else kind.value


def _irregularity(s: _Speaker, x: Irregularity) -> str:
    values = {"offender": s.seat(x.offender), "call": s.call(x.call), "law": s.law(x.law)}
    if x.kind.name in KIND_SENTENCES:
        return s(KIND_SENTENCES[x.kind.name], **values)
    return s(IRREGULARITY_FALLBACK, kind=_kind(s, x.kind), **values)


def _generic(s: _Speaker, x: Any) -> str:
    law = getattr(x, "law", None)
    return s(GENERIC, name=type(x).__name__, law=s.law(law) if isinstance(law, LawRef) else "?")


def _withdrawn(s: _Speaker, x: Withdrawn) -> str:
    offending = getattr(x, "offending_side", x.seat.side)  # Law 16C: the side whose irregularity it was
    message = WITHDRAWN if offending is x.seat.side else WITHDRAWN_OTHER_SIDE
    law = s.law(x.law)
    if x.law.law != 16:  # cite Law 16C too: it says who may use the information, whatever withdrew the call
        law = f"{law}, {s.law(_LAW_16C)}"
    return s(message, seat=s.seat(x.seat), call=s.call(x.call), law=law)


def _withdrawn_card(s: _Speaker, x: WithdrawnCard) -> str:
    message = WITHDRAWN_CARD if x.offending_side is x.seat.side else WITHDRAWN_CARD_OTHER_SIDE
    law = s.law(x.law)  # Law 16C says who may use the information, whatever took the card back
    return s(message, seat=s.seat(x.seat), card=s.card(x.card), law=f"{law}, {s.law(_LAW_16C)}")


def _play_requirement(s: _Speaker, x: Any) -> str:
    rule = type(x.rule).__name__
    if rule not in PLAY_REQUIREMENTS:
        return _generic(s, x)
    suit = getattr(x.rule, "suit", None)
    suits = s.suits([suit] if suit else [])
    return s(PLAY_REQUIREMENTS[rule], seat=s.seat(x.seat), suit=suits, law=s.law(x.law))


_LAW_16C: Final = LawRef(16, "C")
_LAW_45F: Final = LawRef(45, "F")
_LAW_13A2: Final = (13, "A2")
_LAW_13B1: Final = (13, "B1")


def _unintended(x: Any) -> str:
    if x.law.law == 45:  # Law 45C4(b): a change of designation of dummy's card
        return DESIGNATION_SLIP if x.yes else DESIGNATION_KEPT
    return UNINTENDED_YES if x.yes else UNINTENDED_NO

_Explainer = Callable[[_Speaker, Any], str]

_OPTIONS: Final[dict[str, _Explainer]] = {
    "Accept": lambda s, x: s(ACCEPT, law=s.law(x.law)),
    "Reject": lambda s, x: s(REJECT, law=s.law(x.law)),
    "Comparable": lambda s, x: s(
        (SAME_MEANING_YES if x.yes else SAME_MEANING_NO) if x.law.edition == OLD and x.law.law == 27
        else COMPARABLE_YES if x.yes else COMPARABLE_NO,
        law=s.law(x.law),
    ),
    "Unintended": lambda s, x: s(_unintended(x), law=s.law(x.law)),
    "KeepCall": lambda s, x: s(KEEP_CALL, law=s.law(x.law)),
    "WithdrawCall": lambda s, x: s(WITHDRAW_CALL, law=s.law(x.law)),
    "RequireLead": lambda s, x: s(REQUIRE_LEAD, suit=s.suits([x.suit]), law=s.law(x.law)),
    "ForbidLead": lambda s, x: s(FORBID_LEAD, suits=s.suits(x.suits), law=s.law(x.law)),
    "FreeLead": lambda s, x: s(FREE_LEAD, law=s.law(x.law)),
    "LeadFrom": lambda s, x: s(LEAD_FROM, seat=s.seat(x.seat), law=s.law(x.law)),
    "DesignateCard": lambda s, x: s(
        DESIGNATE_CARD if x.law.law in (50, 51, 52) else PLAY_CARD, card=s.card(x.card), law=s.law(x.law)
    ),
    "SpreadHand": lambda s, x: s(SPREAD_HAND, law=s.law(x.law)),
    "RequireHighest": lambda s, x: s(REQUIRE_HIGHEST, law=s.law(x.law)),
    "RequireLowest": lambda s, x: s(REQUIRE_LOWEST, law=s.law(x.law)),
    "RequireSuit": lambda s, x: s(REQUIRE_SUIT, suit=s.suits([x.suit]), law=s.law(x.law)),
    "ForbidSuit": lambda s, x: s(FORBID_SUIT, suit=s.suits([x.suit]), law=s.law(x.law)),
    "NoAdjustment": lambda s, x: s(
        NO_ADJUSTMENT_45F if x.law == _LAW_45F else NO_ADJUSTMENT, law=s.law(x.law)
    ),
    "AdjustedTricks": lambda s, x: s(ADJUSTED_TRICKS, tricks=str(x.declarer_tricks), law=s.law(x.law)),
    "RestoreHands": lambda s, x: s(
        RESTORE_HANDS_REVIEWED if (x.law.law, x.law.clause) in (_LAW_13A2, _LAW_13B1) else RESTORE_HANDS,
        law=s.law(x.law),
    ),
    "CardAmongPlayed": lambda s, x: s(CARD_AMONG_PLAYED, law=s.law(x.law)),
    "AwardAdjusted": lambda s, x: s(AWARD_ADJUSTED, law=s.law(x.law)),
    "ArtificialScores": lambda s, x: s(
        ARTIFICIAL_SCORES, ns=s(AWARD_NAMES[x.ns.name]), ew=s(AWARD_NAMES[x.ew.name]), law=s.law(x.law)
    ),
    "AssignedScore": lambda s, x: s(ASSIGNED_SCORE, law=s.law(x.law)),
    "Differs": lambda s, x: s(DIFFERS_YES if x.yes else DIFFERS_NO, law=s.law(x.law)),
    "CorrectBoardLater": lambda s, x: s(
        CORRECT_BOARD_LATER_YES if x.yes else CORRECT_BOARD_LATER_NO, law=s.law(x.law)
    ),
    "DeemedLed": lambda s, x: s(DEEMED_LED_YES if x.yes else DEEMED_LED_NO if x.deliberate
                                else DEEMED_LED_NO_MINOR, law=s.law(x.law)),
}
"""A message for each option type of :data:`tenace.laws.decisions.Option`, by type name."""

_CONSTRAINTS: Final[dict[str, _Explainer]] = {
    "MustPass": lambda s, x: s(MUST_PASS[x.duration], seat=s.seat(x.seat), law=s.law(x.law)),
    "MustRepeat": lambda s, x: s(MUST_REPEAT, seat=s.seat(x.seat), call=s.call(x.call), law=s.law(x.law)),
    "LeadRestriction": lambda s, x: s(
        LEAD_RESTRICTION_2007 if x.law.edition == OLD else LEAD_RESTRICTION,
        seat=s.seat(x.seat), offender=s.seat(x.offender), law=s.law(x.law)
    ),
    "NoDoubleNow": lambda s, x: s(NO_DOUBLE_NOW, seat=s.seat(x.seat), law=s.law(x.law)),
    "PenaltyCard": lambda s, x: s(
        PENALTY_CARD_MAJOR if x.major else PENALTY_CARD_MINOR,
        seat=s.seat(x.seat),
        card=s.card(x.card),
        law=s.law(x.law),
    ),
    "MustLead": lambda s, x: s(MUST_LEAD, seat=s.seat(x.seat), suit=s.suits([x.suit]), law=s.law(x.law)),
    "MayNotLead": lambda s, x: s(MAY_NOT_LEAD, seat=s.seat(x.seat), suits=s.suits(x.suits), law=s.law(x.law)),
    "MustPlay": lambda s, x: s(MUST_PLAY, seat=s.seat(x.seat), card=s.card(x.card), law=s.law(x.law)),
    "PlayRequirement": lambda s, x: _play_requirement(s, x),
}
"""A message for each constraint type of :data:`tenace.laws.decisions.Constraint`, by type name (so that a
message can be written before the type lands)."""


def has_message(kind: type) -> bool:
    """Whether an option or constraint type has a message of its own."""
    return kind.__name__ in _OPTIONS or kind.__name__ in _CONSTRAINTS


def union_members(union: object) -> tuple[type, ...]:
    """The types of a union alias such as :data:`~tenace.laws.decisions.Option` (or the one type)."""
    args = typing.get_args(union)
    return tuple(args) if args else (typing.cast(type, union),)


def _decision(s: _Speaker, x: Decision) -> str:
    lines = []
    if x.about is not None:
        lines.append(_irregularity(s, x.about))
    if isinstance(x.actor, Director):
        lines.append(s(DECISION_DIRECTOR, law=s.law(x.law)))
    else:
        lines.append(s(DECISION_SEAT, actor=s.seat(x.actor), law=s.law(x.law)))
    if x.options:
        lines.append(s(OPTIONS_HEADER))
        lines.extend(f"- {_explain(s, option)}" for option in x.options)
    return "\n".join(lines)


def _weighted(score: WeightedScore) -> str:
    if len(score.components) == 1:
        return str(score.components[0][0])
    return ", ".join(f"{points} ({weight})" for points, weight in score.components)


def _ui_ruling(s: _Speaker, x: UIRuling) -> str:
    law = s.law(_LAW_12C1) if x.adjusted is not None else s.law(_LAW_16B3)
    adjusted = x.adjusted
    if adjusted is None:
        return s(UI_STANDS, law=law)
    if adjusted.is_balancing:
        return s(UI_ADJUSTED, score=_weighted(adjusted.ns), law=law)
    return s(UI_ADJUSTED_SIDES, ns=_weighted(adjusted.ns), ew=_weighted(adjusted.ew), law=law)


def _ui_case(s: _Speaker, x: UICase) -> str:
    reserved = x.reserved
    line = s(UI_RESERVED, by=s.seat(reserved.by), about=s.seat(reserved.about), receiver=s.seat(x.receiver),
             reason=s(UI_REASONS[reserved.reason.name]), law=s.law(_LAW_16B2))
    return f"{line} {s(UI_STAGES[x.stage])}"


def _score_adjusted(s: _Speaker, x: ScoreAdjusted) -> str:
    score = x.score
    law = s.law(x.law)
    if isinstance(score, ArtificialAdjustedScore):
        def side(award: object) -> str:
            if isinstance(award, Award):
                return s(AWARD_NAMES[award.name])
            return s(ARTIFICIAL_PERCENT, percent=str(award))

        return s(ARTIFICIAL_SCORES, ns=side(score.ns), ew=side(score.ew), law=law)
    if score.is_balancing:
        return s(UI_ADJUSTED, score=_weighted(score.ns), law=law)
    return s(UI_ADJUSTED_SIDES, ns=_weighted(score.ns), ew=_weighted(score.ew), law=law)


def _owed(s: _Speaker, x: Owed) -> str:
    if x.protects is None:
        return s(OWED_ADJUSTMENT_ANY, law=s.law(x.law))
    return s(OWED_ADJUSTMENT[x.protects.name], law=s.law(x.law))


def _tempo_break(s: _Speaker, x: TempoBreak) -> str:
    return s(TEMPO_BREAK, seat=s.seat(x.seat), seconds=f"{x.seconds:.0f}", action=x.action,
             usual=f"{x.baseline.median:.0f}", law=s.law(x.law))


_LAW_16B2: Final = LawRef(16, "B2")
_LAW_16B3: Final = LawRef(16, "B3")
_LAW_12C1: Final = LawRef(12, "C1")


def _explain(s: _Speaker, x: object) -> str:
    match x:
        case UICase():
            return _ui_case(s, x)
        case UIRuling():
            return _ui_ruling(s, x)
        case ScoreAdjusted():
            return _score_adjusted(s, x)
        case Owed():
            return _owed(s, x)
        case UIReason():
            return s(UI_REASONS[x.name])
        case TempoBreak():
            return _tempo_break(s, x)
        case Irregularity():
            return _irregularity(s, x)
        case Decision():
            return _decision(s, x)
        case Withdrawn():
            return _withdrawn(s, x)
        case WithdrawnCard():
            return _withdrawn_card(s, x)
        case Kind():
            return _kind(s, x)
        case Duration():
            return s(DURATIONS[x])
        case Seat():
            return s.seat(x)
        case Director():
            return s(DIRECTOR_NAME)
        case LawRef():
            return s.law(x)
        case Bid() | Pass() | Double() | Redouble():
            return s.call(x)
        case Card():
            return s.card(x)
        case Phase():
            return s(PHASE_NAMES[x.name]) if x.name in PHASE_NAMES else x.value
        case Suit():
            return x.symbol
        case Duty():
            return s(DUTIES[x.due.name], seat=s.seat(x.seat), call=s.call(x.call), law=s.law(x.law))
    name = type(x).__name__
    for table in (_OPTIONS, _CONSTRAINTS):
        if name in table:
            return table[name](s, x)
    if isinstance(x, union_members(decisions.Option) + union_members(decisions.Constraint)):
        return _generic(s, x)
    raise TypeError(f"explain() has no message for {type(x).__name__} values")


def explain(x: object, locale: str = SOURCE_LOCALE, edition: int | None = None) -> str:
    """``x`` explained in plain words in ``locale`` (``"en"``, ``"pl"``, ``"lv"``, ``"sv"``, ``"el"``).

    ``x`` may be an irregularity, a decision (with its options, one per line), an option, a constraint, a
    withdrawn call, a kind of irregularity, a duration, a phase, a seat, the Director, a call, a card or a Law
    reference. Raises :class:`LocaleError` for a locale without messages and ``TypeError`` for anything else.
    ``edition``: the edition of the Laws the table follows; its clauses are then cited as that edition numbers
    them (``Law 16D2 (2007)`` for 2017's 16C2, see :func:`tenace.laws.editions.in_edition`).

    >>> from tenace.calls import parse_call
    >>> print(explain(Withdrawn(Seat.EAST, parse_call("1D"), LawRef(16, "C")), locale="sv"))
    ... # doctest: +ELLIPSIS
    Öst tog tillbaka budet 1♦. Motspelarna får använda ... otillåten upplysning ... (lag 16C).
    """
    return _explain(_Speaker(locale, edition), x)


def explain_table(table: Table, locale: str = SOURCE_LOCALE) -> str:
    """What a player needs to know about ``table`` now, one item a line: the phase, the pending decision (or
    the irregularity nobody has called the Director for yet), the constraints in force and the withdrawn
    calls.

    >>> from tenace import Board, Deal, parse_call
    >>> from tenace.laws.events import CallMade
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> t = Table.new(Board(1, deal)).apply(CallMade(Seat.NORTH, parse_call("1H")))
    >>> print(explain_table(t.apply(CallMade(Seat.EAST, parse_call("1D"))), locale="sv"))
    Budgivningsperioden
    Otillräckligt kontraktsbud: Öst bjöd 1♦, som inte är högre än budet före (lag 27).
    """
    s = _Speaker(locale, table.regulations.edition)
    lines = [_explain(s, table.phase)]
    if table.pending is not None:
        lines.append(_decision(s, table.pending))
    elif table.open_irregularity is not None:
        lines.append(_irregularity(s, table.open_irregularity))
    if table.constraints:
        lines.append(s(IN_FORCE_HEADER))
        lines.extend(f"- {_explain(s, c)}" for c in table.constraints)
    if table.withdrawn:
        lines.append(s(WITHDRAWN_HEADER))
        lines.extend(f"- {_withdrawn(s, w)}" for w in table.withdrawn)
    if table.withdrawn_cards:
        lines.append(s(WITHDRAWN_CARDS_HEADER))
        lines.extend(f"- {_withdrawn_card(s, w)}" for w in table.withdrawn_cards)
    cases = ui.cases(table)  # Law 16B: reservations are made aloud, so everyone may know of them
    if cases:
        lines.append(s(UI_HEADER))
        lines.extend(f"- {_ui_case(s, c)}" for c in cases if c.open)
        lines.extend(f"- {_ui_ruling(s, c.ruling)}" for c in cases if c.ruling is not None)
    return "\n".join(lines)
