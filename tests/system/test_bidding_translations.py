"""The robots' explanations of their calls (Law 20F) in the five languages: the gettext domain
``tenace_bidding`` (``src/tenace/locale/<code>/LC_MESSAGES/tenace_bidding.po``), which
:func:`tenace.system.bidding.explain.describe` reads.

Real calls of the shipped systems are explained in every language: the Polish, Latvian, Swedish and Greek
texts differ from the English, carry no English label and leave no placeholder unfilled. And every text of
both shipped systems (each meaning's text, each convention's description, including those the rule files
define themselves) has a translation in every catalogue, compiled into the ``.mo`` that ``describe`` loads.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from tenace import parse_call
from tenace.robots.bidding import meaning_of
from tenace.system.bidding.engine import CallMeaning
from tenace.system.bidding.explain import DOMAIN, LOCALE_DIR, describe
from tenace.system.bidding.systems import builtin, builtin_names

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("en", "pl", "lv", "sv", "el")
OTHERS = LOCALES[1:]
SYSTEMS = ("two-over-one", "sayc")

# real calls of the default system (2/1): Stayman, a Jacoby transfer, Jacoby 2NT, Michaels, a takeout
# double, a one-over-one response, a single raise, an answer to Stayman, a negative double
AUCTIONS = ("1NT P 2C", "1NT P 2D", "1S P 2NT", "1H 2H", "1D X", "1C P 1H", "1S P 2S", "1NT P 2C P 2D",
            "1D 1H X")


def _meaning(auction: str, system: str = "two-over-one") -> CallMeaning:
    calls = [parse_call(c) for c in auction.split()]
    return meaning_of(calls, len(calls) - 1, builtin(system))


def _catalogue(locale: str) -> dict[str, str]:
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f) if m.id and not m.fuzzy}


def _english_fragments() -> list[re.Pattern[str]]:
    """Every English message of the domain as patterns of its literal parts (placeholders taken out): a part
    with at least three letters, matched as whole words."""
    fragments = set()
    for message in _catalogue("en"):
        for part in re.split(r"\{[a-z_]+\}", message):
            part = part.strip(" ;:,")
            if sum(c.isalpha() for c in part) >= 3:
                fragments.add(part)
    return [re.compile(rf"(?<!\w){re.escape(part)}(?!\w)") for part in sorted(fragments)]


_FRAGMENTS = _english_fragments()


def test_the_auctions_have_the_meanings_the_test_means() -> None:
    english = {a: describe(_meaning(a)) for a in AUCTIONS}
    assert english["1NT P 2C"].startswith("Stayman: ")
    assert english["1NT P 2D"].startswith("Jacoby transfer")
    assert english["1S P 2NT"].startswith("Jacoby 2NT")
    assert english["1H 2H"].startswith("Michaels")
    assert english["1D X"].startswith("takeout double")
    assert english["1D 1H X"].startswith("negative double")


@pytest.mark.parametrize("auction", AUCTIONS)
@pytest.mark.parametrize("locale", OTHERS)
def test_a_robots_call_is_explained_in_the_language(auction: str, locale: str) -> None:
    meaning = _meaning(auction)
    english = describe(meaning)
    text = describe(meaning, locale)
    assert text != english
    assert "{" not in text and "}" not in text  # every placeholder filled
    for label in meaning.texts:
        assert label not in text
    assert any(p.search(english) for p in _FRAGMENTS)  # the check below can see English
    left = [p.pattern for p in _FRAGMENTS if p.search(text)]
    assert left == [], f"English left in {text!r}"


@pytest.mark.parametrize("locale", OTHERS)
def test_the_hand_phrases_and_forcing_are_translated(locale: str) -> None:
    text = describe(_meaning("1S P 2NT"), locale)  # Jacoby 2NT: HCP, a length and game forcing
    english = describe(_meaning("1S P 2NT"))
    assert "12+ HCP" in english and "12+" in text and "HCP" not in text
    assert "4+♠" in english and "4+♠" in text
    assert "game forcing" in english and "forcing" not in text


def test_the_terms_of_each_language() -> None:
    stayman, transfer = _meaning("1NT P 2C"), _meaning("1NT P 2D")
    assert describe(stayman, "pl") == "Stayman: pyta o czwórkę w starszym kolorze; forsujące"
    assert describe(stayman, "sv") == "Stayman: frågar efter fyrkorts högfärg; rondkrav"
    assert "PC" in describe(_meaning("1S P 2NT"), "pl") and "hp" in describe(_meaning("1S P 2NT"), "sv")
    assert describe(transfer, "lv").startswith("Jacoby transfērs")
    assert describe(transfer, "el").startswith("μεταβίβαση Jacoby")
    assert describe(_meaning("1S P 2NT"), "lv").startswith("Jacoby 2BT")
    assert describe(_meaning("1S P 2NT"), "el").startswith("Jacoby 2ΧΑ")


def test_a_locale_may_be_written_with_its_region() -> None:
    stayman = _meaning("1NT P 2C")
    assert describe(stayman, "pl_PL") == describe(stayman, "pl-PL") == describe(stayman, "pl")


def _system_texts(name: str) -> set[str]:
    system = builtin(name)
    return {label.text for label in system.meanings.values()} | set(system.descriptions.values())


def test_the_shipped_systems_are_the_ones_checked() -> None:
    assert set(builtin_names()) == set(SYSTEMS)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_a_shipped_system_has_a_translation(system: str, locale: str) -> None:
    catalogue = _catalogue(locale)
    texts = _system_texts(system)
    assert len(texts) > 100
    assert sorted(t for t in texts if not catalogue.get(t)) == []
    if locale != "en":
        assert sorted(t for t in texts if catalogue[t] == t) == []


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("locale", OTHERS)
def test_the_compiled_catalogue_describe_loads_has_them_too(system: str, locale: str) -> None:
    say = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[locale])
    assert sorted(t for t in _system_texts(system) if say.gettext(t) == t) == []


# --- the catalogues and the extraction (tools/i18n.py) -----------------------------------------------------


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tenace_i18n_tool_bidding", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def test_the_domain_is_maintained_by_the_tool_in_every_language() -> None:
    assert TOOL.BIDDING_DOMAIN == DOMAIN in TOOL.DOMAINS
    assert TOOL.locales() == sorted(LOCALES)
    for locale in LOCALES:
        assert TOOL.po_path(locale, DOMAIN).is_file()
        assert TOOL.po_path(locale, DOMAIN).with_suffix(".mo").is_file()
    assert TOOL.problems((DOMAIN,)) == []


def test_the_rule_files_meanings_and_conventions_are_extracted() -> None:
    source = io.BytesIO(b"# a comment: meaning x = not this\n"
                        b"meaning  puppet = Puppet Stayman: asks for a five-card major [Puppet Stayman] # x\n"
                        b"convention Puppet Stayman = 3C over 2NT asks for a five-card major.\n"
                        b"[2NT P]\n3C hcp 4+ : puppet forcing alert\n")
    assert list(TOOL.extract_rules(source, (), (), {})) == [
        (2, None, "Puppet Stayman: asks for a five-card major", ["meaning puppet [Puppet Stayman]"]),
        (3, None, "3C over 2NT asks for a five-card major.", ["convention Puppet Stayman"]),
    ]
    template = {str(m.id): m for m in TOOL.template(DOMAIN) if m.id}
    for name in SYSTEMS:
        assert _system_texts(name) <= template.keys()
    feature = template["answer to the feature ask: a minimum"]  # defined in sayc.rules only
    assert [path for path, _ in feature.locations] == ["src/tenace/system/bidding/cards/sayc.rules"]
