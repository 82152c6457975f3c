"""Maintain Tenace's message catalogues (gettext, with Babel).

    python tools/i18n.py extract   # src/tenace/laws/messages.py -> src/tenace/locale/tenace.pot
    python tools/i18n.py update    # merge the template into every <locale>/LC_MESSAGES/tenace.po
    python tools/i18n.py compile   # every .po -> .mo (the .mo files are committed and shipped)
    python tools/i18n.py check     # fail if the template, a .po or a .mo is out of date or incomplete
    python tools/i18n.py init XX   # start a catalogue for a new locale XX

Messages are marked with ``N_()`` in the source. A translator edits the .po file, then runs ``compile``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

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


def template() -> Catalog:
    catalog = Catalog(project="tenace", version="0.1.0", header_comment=f"# {HEADER}", fuzzy=False)
    for source in SOURCES:
        relative = source.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(source), keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            flags = ("python-brace-format",) if "{" in str(message) else ()
            catalog.add(message, locations=[(relative, lineno)], auto_comments=comments, context=context,
                        flags=flags)
    return catalog


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def locales() -> list[str]:
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


def _read_po(locale: str) -> Catalog:
    with po_path(locale).open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def extract() -> None:
    TEMPLATE.write_bytes(_po_bytes(template()))


def update() -> None:
    tmpl = template()
    for locale in locales():
        catalog = _read_po(locale)
        catalog.update(tmpl, no_fuzzy_matching=True)
        if locale == SOURCE_LOCALE:  # the English catalogue is the source text itself
            for message in catalog:
                if message.id and not message.string:
                    message.string = message.id
        po_path(locale).write_bytes(_po_bytes(catalog))


def compile_all() -> None:
    for locale in locales():
        po_path(locale).with_suffix(".mo").write_bytes(_mo_bytes(_read_po(locale)))


def init(locale: str) -> None:
    path = po_path(locale)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    catalog = Catalog(locale=locale, project="tenace", version="0.1.0", domain=DOMAIN)
    catalog.update(template())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(catalog))


def problems() -> list[str]:
    """Everything that is out of date or incomplete, one line each (empty: all is well)."""
    found = []
    tmpl = template()
    wanted = {m.id for m in tmpl if m.id}
    if not TEMPLATE.exists() or {m.id for m in read_po(TEMPLATE.open("rb")) if m.id} != wanted:
        found.append(f"{TEMPLATE.relative_to(ROOT)} is out of date: run python tools/i18n.py extract")
    for locale in locales():
        catalog = _read_po(locale)
        have = {m.id: m for m in catalog if m.id}
        for msgid in sorted(wanted - have.keys(), key=str):
            found.append(f"{locale}: no translation of {msgid!r}")
        for msgid, message in have.items():
            if msgid in wanted and (not message.string or message.fuzzy):
                found.append(f"{locale}: untranslated or fuzzy: {msgid!r}")
        mo = po_path(locale).with_suffix(".mo")
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
