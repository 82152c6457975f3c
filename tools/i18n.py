"""Maintain Tenace's message catalogues (gettext, with Babel).

    python tools/i18n.py extract   # the sources -> src/tenace/locale/<domain>.pot, one template per domain
    python tools/i18n.py update    # merge the templates into every <locale>/LC_MESSAGES/<domain>.po
    python tools/i18n.py compile   # every .po -> .mo (the .mo files are committed and shipped)
    python tools/i18n.py check     # fail if the template, a .po or a .mo is out of date or incomplete
    python tools/i18n.py init XX   # start a catalogue for a new locale XX

Messages are marked with ``N_()`` in the source. A translator edits the .po file, then runs ``compile``.

There are four domains: ``tenace`` (the Laws engine's messages), ``tenace_publish`` (the labels of the
result pages: tenace/tournament/publish, Python and Jinja2 templates), ``tenace_web`` (the pages of
``tenace serve``: tenace/server/pages.py and its templates, and the labels the table's JavaScript client is
sent) and ``tenace_bidding`` (the robots' explanations of their calls, Law 20F: the built-in meanings and
phrases of tenace/system/bidding/labels.py and explain.py, and the ``meaning`` and ``convention`` lines of
the system files, tenace/system/bidding/cards/**.rules, read by :func:`extract_rules`). ``check`` asks that
every domain be translated completely in every locale, with no fuzzy entry, and that each translation keep
exactly the placeholders (``{name}``, ``%(name)s``) of its English message.
"""

from __future__ import annotations

import datetime
import io
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "src" / "tenace" / "laws" / "messages.py"]
LOCALE_DIR = ROOT / "src" / "tenace" / "locale"
TEMPLATE = LOCALE_DIR / "tenace.pot"
DOMAIN = "tenace"
SOURCE_LOCALE = "en"
KEYWORDS = {"N_": None, "_": None, "gettext": None}
HEADER = "Tenace's messages: plain-language explanations of the Laws engine's irregularities and decisions."

_PUBLISH = ROOT / "src" / "tenace" / "tournament" / "publish"
PUBLISH_DOMAIN = "tenace_publish"
PUBLISH_SOURCES = [_PUBLISH / "html.py", *sorted((_PUBLISH / "templates").glob("*.j2"))]
PUBLISH_HEADER = "Tenace's result pages: labels of rankings, travellers and score cards."
_SERVER = ROOT / "src" / "tenace" / "server"
WEB_DOMAIN = "tenace_web"
WEB_SOURCES = [_SERVER / "words.py", _SERVER / "pages.py", _SERVER / "replay.py", _SERVER / "my_boards.py",
               _SERVER / "table_scoring.py", _SERVER / "events.py",
               *sorted((_SERVER / "templates").glob("*.j2"))]
WEB_HEADER = "Tenace's web pages: the lobby and the table (tenace serve)."
_BIDDING = ROOT / "src" / "tenace" / "system" / "bidding"
BIDDING_DOMAIN = "tenace_bidding"
BIDDING_SOURCES = [_BIDDING / "labels.py", _BIDDING / "explain.py",
                   *sorted((_BIDDING / "cards").glob("*.rules")),
                   *sorted((_BIDDING / "cards" / "parts").glob("*.rules"))]
BIDDING_HEADER = ("Tenace's bidding explanations (Law 20F): the meanings of the robots' calls, the phrases "
                  "that describe a hand, the conventions.")
DOMAINS = (DOMAIN, PUBLISH_DOMAIN, WEB_DOMAIN, BIDDING_DOMAIN)
"""Every domain; each must be translated completely in every locale."""
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|%\([A-Za-z_][A-Za-z0-9_]*\)[sdr]")


def placeholders(text: str) -> list[str]:
    """The placeholders of a message, sorted: ``{name}`` (str.format) and ``%(name)s`` (printf style)."""
    return sorted(_PLACEHOLDER.findall(text))


def _sources(domain: str) -> list[Path]:
    return {DOMAIN: SOURCES, PUBLISH_DOMAIN: PUBLISH_SOURCES, WEB_DOMAIN: WEB_SOURCES,
            BIDDING_DOMAIN: BIDDING_SOURCES}[domain]


def _template_path(domain: str) -> Path:
    return TEMPLATE if domain == DOMAIN else LOCALE_DIR / f"{domain}.pot"


_CONVENTION_OF_MEANING = re.compile(r"(.*?)\s*\[([^\]]+)\]")


def extract_rules(fileobj: IO[bytes], keywords: object, comment_tags: object,
                  options: dict[str, object]) -> Iterator[tuple[int, None, str, list[str]]]:
    r"""A Babel extraction method for the robots' system files (``*.rules``): the TEXT of every line
    ``meaning KEY = TEXT`` or ``meaning KEY = TEXT [Convention]`` and the DESCRIPTION of every line
    ``convention NAME = DESCRIPTION``, read as :mod:`tenace.system.bidding.rules` reads them (``#`` starts a
    comment). Each message carries the line's key or name as a comment for the translator.

    >>> source = io.BytesIO(b"meaning puppet = Puppet Stayman: asks for a major [Puppet]  # a comment\n"
    ...                     b"convention  Puppet = 3C over 2NT asks for a five-card major.\n"
    ...                     b"2C hcp 8+ : stayman\n")
    >>> list(extract_rules(source, (), (), {}))  # doctest: +NORMALIZE_WHITESPACE
    [(1, None, 'Puppet Stayman: asks for a major', ['meaning puppet [Puppet]']),
     (2, None, '3C over 2NT asks for a five-card major.', ['convention Puppet'])]
    """
    for lineno, raw in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        keyword, _, rest = line.partition(" ")
        name, equals, body = rest.partition("=")
        name, body = name.strip(), body.strip()
        if not equals or not name or not body:
            continue
        if keyword == "meaning":
            m = _CONVENTION_OF_MEANING.fullmatch(body)
            text, note = (m.group(1), f" [{m.group(2).strip()}]") if m is not None else (body, "")
            yield lineno, None, text, [f"meaning {name}{note}"]
        elif keyword == "convention":
            yield lineno, None, body, [f"convention {name}"]


def _method(source: Path) -> str | Callable[..., Any]:
    # Babel calls a method as extract_rules is written: (lineno, funcname, message, comments); its type stub
    # describes extract()'s own results instead, hence Any here.
    if source.suffix == ".rules":
        return extract_rules
    return "jinja2.ext:babel_extract" if source.suffix == ".j2" else "python"


_CREATION_DATE = datetime.datetime(2026, 11, 22, tzinfo=datetime.UTC)


def template(domain: str = DOMAIN) -> Catalog:
    header = {DOMAIN: HEADER, PUBLISH_DOMAIN: PUBLISH_HEADER, WEB_DOMAIN: WEB_HEADER,
              BIDDING_DOMAIN: BIDDING_HEADER}[domain]
    # A fixed creation date: extracting twice gives the same bytes, so only real changes reach git.
    catalog = Catalog(project="tenace", version="0.1.0", header_comment=f"# {header}", fuzzy=False,
                      creation_date=_CREATION_DATE)
    for source in _sources(domain):
        relative = source.relative_to(ROOT).as_posix()
        options = {"trim_blocks": "true", "lstrip_blocks": "true"} if source.suffix == ".j2" else None
        for lineno, message, comments, context in extract_from_file(
            _method(source), str(source), keywords=KEYWORDS, comment_tags=("Translators:",), options=options
        ):
            flags = ("python-brace-format",) if "{" in str(message) else ()
            catalog.add(message, locations=[(relative, lineno)], auto_comments=comments, context=context,
                        flags=flags)
    return catalog


def po_path(locale: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def locales() -> list[str]:
    """The locales, as the ``tenace`` domain's catalogues list them (every domain has the same ones)."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, no_location=True, sort_output=False, include_previous=False,
             ignore_obsolete=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _read_po(locale: str, domain: str = DOMAIN) -> Catalog:
    path = po_path(locale, domain)
    if not path.exists() and domain != DOMAIN:  # a label catalogue not started yet: start it empty
        return Catalog(locale=locale, project="tenace", version="0.1.0", domain=domain, fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=domain)


def extract() -> None:
    for domain in DOMAINS:
        _template_path(domain).write_bytes(_po_bytes(template(domain)))


def update() -> None:
    for domain in DOMAINS:
        for locale in locales():
            catalog = _read_po(locale, domain)
            # a fresh template each time: Catalog.update shares new messages with the template, so filling
            # the English catalogue would otherwise fill the locales after it too
            catalog.update(template(domain), no_fuzzy_matching=True)
            if locale == SOURCE_LOCALE:  # the English catalogue is the source text itself
                for message in catalog:
                    if message.id and not message.string:
                        message.string = message.id
            po_path(locale, domain).write_bytes(_po_bytes(catalog))


def compile_all() -> None:
    for domain in DOMAINS:
        for locale in locales():
            po_path(locale, domain).with_suffix(".mo").write_bytes(_mo_bytes(_read_po(locale, domain)))


def init(locale: str) -> None:
    path = po_path(locale)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    for domain in DOMAINS:
        catalog = Catalog(locale=locale, project="tenace", version="0.1.0", domain=domain, fuzzy=False)
        catalog.update(template(domain))
        path = po_path(locale, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))


def problems(domains: tuple[str, ...] = DOMAINS) -> list[str]:
    """Everything that is out of date or incomplete in ``domains``, one line each (empty: all is well)."""
    found = []
    for domain in domains:
        tmpl = template(domain)
        template_path = _template_path(domain)
        wanted = {m.id for m in tmpl if m.id}
        if not template_path.exists() or {m.id for m in read_po(template_path.open("rb")) if m.id} != wanted:
            where = template_path.relative_to(ROOT) if template_path.is_relative_to(ROOT) else template_path
            found.append(f"{where} is out of date: run python tools/i18n.py extract")
        for locale in locales():
            if not po_path(locale, domain).exists():
                found.append(f"{locale}: {domain}.po missing: run python tools/i18n.py update")
                continue
            catalog = _read_po(locale, domain)
            have = {m.id: m for m in catalog if m.id}
            for msgid in sorted(wanted - have.keys(), key=str):
                found.append(f"{locale}: {domain}: no translation of {msgid!r}")
            for msgid, message in have.items():
                if msgid not in wanted:
                    continue
                if not message.string or message.fuzzy:
                    found.append(f"{locale}: {domain}: untranslated or fuzzy: {msgid!r}")
                elif (isinstance(msgid, str) and isinstance(message.string, str)
                      and placeholders(message.string) != placeholders(msgid)):
                    found.append(f"{locale}: {domain}: the placeholders differ from the English: {msgid!r}")
            mo = po_path(locale, domain).with_suffix(".mo")
            if not mo.exists():
                found.append(f"{locale}: {mo.name} missing: run python tools/i18n.py compile")
            else:
                compiled = {m.id: m.string for m in read_mo(mo.open("rb")) if m.id}
                if compiled != {k: m.string for k, m in have.items() if m.string and not m.fuzzy}:
                    found.append(f"{locale}: {mo.name} is out of date: run python tools/i18n.py compile")
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "init" and len(argv) == 3:
        init(argv[2])
    elif command == "check":
        found = problems()
        for line in found:
            sys.stderr.write(line + "\n")
        return 1 if found else 0
    else:
        sys.stderr.write(__doc__ or "")
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
