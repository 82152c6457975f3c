"""The message catalogue: every irregularity, option, constraint and decision explained in every locale.

The checks are structural (every type and member has a message, every catalogue translates every message,
placeholders and Law references survive translation, the compiled .mo files match the .po sources) plus
scenario checks on real tables and terminology spot checks against the national editions of the Laws.
"""

from __future__ import annotations

import dataclasses
import enum
import string
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tenace import parse_call
from tenace.calls import DOUBLE, PASS, REDOUBLE, Bid, Double, Pass, Redouble
from tenace.cards import Card, Rank, Suit
from tenace.laws import DIRECTOR, CallMade, DirectorCalled, Elected, Phase, decisions
from tenace.laws.decisions import (
    Accept,
    Comparable,
    Decision,
    Duration,
    Irregularity,
    Kind,
    LeadRestriction,
    MustPass,
    MustRepeat,
    Reject,
    Withdrawn,
)
from tenace.laws.messages import (
    DURATIONS,
    KIND_NAMES,
    KIND_SENTENCES,
    LOCALE_DIR,
    PHASE_NAMES,
    SEAT_NAMES,
    LocaleError,
    available_locales,
    explain,
    explain_table,
    has_message,
    normalise_locale,
    translations,
    union_members,
)
from tenace.laws.refs import LawRef
from tenace.seats import Seat

from ._helpers import E, N, S, W, calls, table

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("el", "en", "lv", "pl", "sv")
TRANSLATED = tuple(locale for locale in SHIPPED if locale != "en")


def _fields(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def _catalogue(locale: str) -> dict[str, str]:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / "tenace.po"
    with path.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.id and not m.fuzzy}


def _template_ids() -> list[str]:
    with (LOCALE_DIR / "tenace.pot").open("rb") as f:
        return [m.id for m in read_po(f) if m.id]


# --- a sample value of any option or constraint type, built from its fields ---------------------------------

_LAW = LawRef(27, "B2")
_SAMPLES: dict[Any, Any] = {
    Seat: W,
    LawRef: _LAW,
    Card: Card(Suit.SPADES, Rank.QUEEN),
    Suit: Suit.HEARTS,
    bool: True,
    int: 1,
    str: "x",
    tuple[Suit, ...]: (Suit.HEARTS, Suit.CLUBS),
    Bid: parse_call("1D"),
    Pass: PASS,
    Double: DOUBLE,
    Redouble: REDOUBLE,
}


def _sample_value(hint: Any) -> Any:
    if hint in _SAMPLES:
        return _SAMPLES[hint]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _sample(hint)
    members = typing.get_args(hint)
    if members:  # a union such as Call or Side | None: the first member we can build
        for member in members:
            if member is not type(None):
                return _sample_value(member)
    raise AssertionError(f"test_messages cannot build a sample {hint}: add it to _SAMPLES")


def _sample(cls: type, **overrides: Any) -> Any:
    hints = typing.get_type_hints(cls)
    values = {
        f.name: overrides.get(f.name, _sample_value(hints[f.name]))
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING or f.name in overrides
    }
    return cls(**values)


OPTION_TYPES = union_members(decisions.Option)
CONSTRAINT_TYPES = union_members(decisions.Constraint)


# --- coverage: every type and member has its own message ---------------------------------------------------


@pytest.mark.parametrize("cls", OPTION_TYPES, ids=lambda c: c.__name__)
def test_every_option_type_has_its_own_message(cls: type) -> None:
    """Each member of the Option union has a message; a new option type without one fails here."""
    assert has_message(cls), f"add a message for {cls.__name__} to tenace/laws/messages.py and the catalogues"


@pytest.mark.parametrize("cls", CONSTRAINT_TYPES, ids=lambda c: c.__name__)
def test_every_constraint_type_has_its_own_message(cls: type) -> None:
    """Each member of the Constraint union has a message."""
    assert has_message(cls), f"add a message for {cls.__name__} to tenace/laws/messages.py and the catalogues"


def test_every_kind_of_irregularity_has_a_name_and_a_sentence() -> None:
    missing = [k.name for k in Kind if k.name not in KIND_NAMES or k.name not in KIND_SENTENCES]
    assert not missing


def test_every_phase_seat_and_duration_has_a_name() -> None:
    assert {p.name for p in Phase} <= PHASE_NAMES.keys()
    assert set(Seat) == SEAT_NAMES.keys()
    assert set(Duration) == DURATIONS.keys()


def test_the_union_members_helper_lists_the_union() -> None:
    assert union_members(Accept | Reject) == (Accept, Reject)
    assert union_members(Accept) == (Accept,)
    assert Accept in OPTION_TYPES and MustPass in CONSTRAINT_TYPES


# --- the catalogues ---------------------------------------------------------------------------------------


def test_the_shipped_locales_are_the_five_languages() -> None:
    assert available_locales() == SHIPPED


def test_catalogues_are_current_and_complete() -> None:
    """tools/i18n.py check: the template matches the source, every .po translates it, every .mo is compiled
    from its .po."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "i18n.py"), "check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_message_is_translated_in_every_locale(locale: str) -> None:
    """No English fallback: each template message has a non-empty, non-fuzzy translation."""
    catalogue = _catalogue(locale)
    untranslated = [msgid for msgid in _template_ids() if not catalogue.get(msgid)]
    assert not untranslated


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translated_sentences_are_not_english(locale: str) -> None:
    """A sentence left in English would be a silent fallback: every message longer than a few words differs
    from the English."""
    catalogue = _catalogue(locale)
    same = [msgid for msgid in _template_ids() if len(msgid) > 20 and catalogue[msgid] == msgid]
    assert not same


@pytest.mark.parametrize("locale", SHIPPED)
def test_translations_keep_exactly_the_placeholders(locale: str) -> None:
    catalogue = _catalogue(locale)
    wrong = {m: catalogue[m] for m in _template_ids() if _fields(m) != _fields(catalogue[m])}
    assert not wrong


@pytest.mark.parametrize("locale", SHIPPED)
def test_the_compiled_catalogue_is_what_babel_loads(locale: str) -> None:
    """The .mo shipped in the package gives every message (Babel's loader finds it; no NullTranslations)."""
    mo_path = LOCALE_DIR / locale / "LC_MESSAGES" / "tenace.mo"
    with mo_path.open("rb") as f:
        compiled = {m.id: m.string for m in read_mo(f) if m.id}
    loaded = translations(locale)
    for msgid in _template_ids():
        assert loaded.gettext(msgid) == compiled[msgid]


def test_locale_names_are_normalised_and_unknown_ones_refused() -> None:
    assert normalise_locale("pl_PL") == "pl"
    assert normalise_locale("sv-SE") == "sv"
    assert normalise_locale("EL") == "el"
    with pytest.raises(LocaleError, match="'de'.*el, en, lv, pl, sv"):
        explain(N, locale="de")
    assert issubclass(LocaleError, ValueError)


# --- every value explained, placeholders filled, Law references kept ---------------------------------------


def _field_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _all_samples() -> list[Any]:
    samples: list[Any] = [_sample(cls) for cls in OPTION_TYPES + CONSTRAINT_TYPES]
    samples += [_sample(cls, yes=False) for cls in OPTION_TYPES if "yes" in _field_names(cls)]
    samples += [MustPass(W, d, _LAW) for d in Duration]
    for cls in OPTION_TYPES + CONSTRAINT_TYPES:  # a field holding one of several option types: each of them
        for name, hint in typing.get_type_hints(cls).items():
            members = [m for m in typing.get_args(hint) if dataclasses.is_dataclass(m)]
            samples += [_sample(cls, **{name: _sample(m)}) for m in members]
    samples += [_sample(cls, major=False) for cls in CONSTRAINT_TYPES if "major" in _field_names(cls)]
    samples += [Irregularity(k, E, _LAW, 0, parse_call("1D")) for k in Kind]
    samples += [Withdrawn(E, parse_call("1D"), _LAW)]
    samples += [
        Decision(S, (Accept(_LAW), Reject(_LAW)), _LAW),
        Decision(DIRECTOR, (Comparable(True, _LAW),), _LAW),
    ]
    return samples


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_explanation_fills_its_placeholders_and_keeps_the_law(locale: str) -> None:
    for value in _all_samples():
        text = explain(value, locale=locale)
        assert "{" not in text and "}" not in text, (value, text)
        assert "27B2" in text, (value, text)
        assert type(value).__name__ + " (" not in text, f"generic fallback used for {value!r}"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_explanations_in_a_translated_locale_differ_from_english(locale: str) -> None:
    for value in _all_samples():
        assert explain(value, locale=locale) != explain(value), value


@pytest.mark.parametrize("locale", SHIPPED)
def test_seats_phases_kinds_and_durations_have_names_in_every_locale(locale: str) -> None:
    for value in [*Seat, *Phase, *Kind, *Duration, DIRECTOR]:
        text = explain(value, locale=locale)
        assert text and "{" not in text


def test_explain_refuses_values_it_has_no_message_for() -> None:
    with pytest.raises(TypeError, match="int"):
        explain(42)


# --- English wording: what the sentences say ----------------------------------------------------------------


def test_must_pass_names_the_seat_the_duration_and_the_clause() -> None:
    """Law 27B2: the offender's partner must pass for the rest of the auction."""
    text = explain(MustPass(W, Duration.REST_OF_AUCTION, LawRef(27, "B2")))
    assert text == "West must pass whenever it is their turn to call, for the rest of the auction (Law 27B2)."
    assert "next turn" in explain(MustPass(W, Duration.NEXT_TURN, LawRef(30, "A")))


def test_must_repeat_names_the_call_to_repeat() -> None:
    assert "1♠" in explain(MustRepeat(E, parse_call("1S"), LawRef(31, "A1")))


def test_lead_restriction_names_the_leader_and_the_offender() -> None:
    """Law 26B: declarer may forbid the offender's partner the lead of a suit the offender did not name."""
    text = explain(LeadRestriction(W, E, LawRef(26, "B")))
    assert text.startswith("When West first has the lead") and "East did not name" in text
    assert "Law 26B" in text


def test_withdrawn_call_is_unauthorised_for_the_partner_and_authorised_for_the_opponents() -> None:
    """Law 16C: a withdrawn call tells the opponents something they may use; the partner may not use it."""
    text = explain(Withdrawn(E, parse_call("1D"), LawRef(16, "C")))
    assert text.startswith("East withdrew the call 1♦.")
    assert "opponents may use" in text and "partner it is unauthorised" in text and "(Law 16C)" in text


def test_calls_are_named_in_the_national_terms() -> None:
    """Terminology from the Polish, Latvian, Swedish and Greek editions of the Laws."""
    def names(locale: str, *texts: str) -> list[str]:
        return [explain(parse_call(c), locale=locale) for c in texts]

    assert names("pl", "P", "X", "XX", "3NT") == ["pas", "kontra", "rekontra", "3BA"]
    assert names("lv", "P", "X", "XX", "2NT") == ["pass", "kontra", "rekontra", "2BT"]
    assert [explain(parse_call(c), locale="sv") for c in ("P", "X", "XX")] == ["pass", "dubbelt", "redubbelt"]
    assert explain(parse_call("1NT"), locale="el") == "1ΧΑ"
    assert explain(parse_call("4H")) == "4♥"


def test_director_and_seats_in_the_national_terms() -> None:
    assert explain(DIRECTOR, locale="pl") == "sędzia"
    assert explain(DIRECTOR, locale="lv") == "tiesnesis"
    assert explain(DIRECTOR, locale="sv") == "tävlingsledaren"
    assert explain(DIRECTOR, locale="el") == "ο Διαιτητής"
    assert [explain(s, locale="sv") for s in (N, E, S, W)] == ["Nord", "Öst", "Syd", "Väst"]


def test_irregularity_names_follow_the_law_titles() -> None:
    assert explain(Kind.INSUFFICIENT_BID, locale="pl") == "odzywka niewystarczająca"
    assert explain(Kind.INSUFFICIENT_BID, locale="lv") == "nepietiekams solījums"
    assert explain(Kind.CALL_OUT_OF_ROTATION, locale="sv") == "bud utom tur"
    assert explain(Kind.INSUFFICIENT_BID, locale="el") == "ανεπαρκής αγορά"


def test_law_references_use_each_languages_word_for_law() -> None:
    ref = LawRef(27, "B2")
    assert [explain(ref, locale=x) for x in SHIPPED] == [
        "Νόμος 27B2", "Law 27B2", "likums 27B2", "przepis 27B2", "lag 27B2",
    ]


# --- scenarios: what a real table's pending decision reads like --------------------------------------------


def test_27a_the_insufficient_bid_decision_reads_who_decides_and_both_options() -> None:
    """Law 27A1/27B: after N 1H E 1D, South (offender's LHO) may accept the insufficient bid or not."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    assert t.pending is not None
    lines = explain(t.pending).splitlines()
    assert lines[0] == "Insufficient bid: East bid 1♦, which does not outrank the bid before it (Law 27)."
    assert lines[1] == "South decides (Law 27A1)."
    assert lines[2] == "The options:"
    assert lines[3].startswith("- Accept") and lines[3].endswith("(Law 27A1).")
    assert lines[4].startswith("- Do not accept") and lines[4].endswith("(Law 27B).")


@pytest.mark.parametrize("locale", SHIPPED)
def test_27a_the_decision_in_every_locale_names_the_localised_seats(locale: str) -> None:
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    assert t.pending is not None
    text = explain(t.pending, locale=locale)
    assert explain(E, locale=locale) in text and explain(S, locale=locale) in text
    assert "27A1" in text and "27B" in text and len(text.splitlines()) == 5


def test_23a_the_comparable_call_decision_is_the_directors() -> None:
    """Law 27B1(b)/23A: after the offender replaces a rejected insufficient bid, the Director judges whether
    the replacement is comparable."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    t = t.apply(CallMade(E, parse_call("P")))
    assert t.pending is not None and t.pending.actor is DIRECTOR
    text = explain(t.pending, locale="pl")
    assert "Decyzję podejmuje sędzia (przepis 23)." in text
    assert "porównywalną" in text and "nieporównywalną" in text


def test_27b2_the_constraint_after_a_non_comparable_replacement_reads_in_swedish() -> None:
    """Law 27B2: West must pass for the rest of the auction after the Director rules not comparable."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    t = t.apply(CallMade(E, parse_call("P")))
    assert t.pending is not None
    not_comparable = next(o for o in t.pending.options if isinstance(o, Comparable) and not o.yes)
    t = t.apply(Elected(DIRECTOR, not_comparable))
    texts = [explain(c, locale="sv") for c in t.constraints]
    assert any(x.startswith("Väst måste passa") for x in texts), texts


def test_27b2_the_table_summary_lists_the_phase_constraints_and_withdrawn_calls() -> None:
    """After a rejected insufficient bid replaced by a non-comparable pass: the auction period, West's
    obligation to pass (Law 27B2) and East's withdrawn 1D (Law 16C), in Polish."""
    t = calls(table(), "N:1H E:1D").apply(DirectorCalled(S))
    t = t.apply(Elected(S, Reject(LawRef(27, "B"))))
    t = t.apply(CallMade(E, parse_call("P")))
    assert t.pending is not None
    not_comparable = next(o for o in t.pending.options if isinstance(o, Comparable) and not o.yes)
    t = t.apply(Elected(DIRECTOR, not_comparable))
    lines = explain_table(t, locale="pl").splitlines()
    assert lines[0] == "Okres licytacji"
    assert "Obowiązuje:" in lines and "Zapowiedzi wycofane:" in lines
    assert any(x.startswith("- Zachód musi pasować") for x in lines), lines
    withdrawn = [x for x in lines if x.startswith("- Wschód wycofuje zapowiedź 1♦")]
    assert len(withdrawn) == 1 and withdrawn[0].endswith("(przepis 27B, przepis 16C).")


def test_the_table_summary_of_a_fresh_table_is_just_the_phase() -> None:
    assert explain_table(table(), locale="el") == "Περίοδος των αγορών"
