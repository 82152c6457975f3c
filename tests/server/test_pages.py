"""The lobby and table pages (tenace.server.pages) on a small FastAPI app: languages, links, the client's
files, and that a page never carries a card."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from tenace.server import pages
from tenace.server.accounts import Accounts
from tenace.server.auth import Auth, AuthSettings, install_auth

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "tenace" / "server" / "static"


def _client(starter: object | None = None, *, accounts: bool = False) -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    if accounts:  # the CSRF check of the lobby's form (tenace.server.auth)
        from sqlalchemy import create_engine

        settings = AuthSettings(secret=b"0123456789abcdef")
        install_auth(app, Auth(Accounts(create_engine("sqlite://")), settings))
    if starter is not None:
        app.state.start_solo_table = starter
    return TestClient(app)


def _csrf(client: TestClient) -> dict[str, str]:
    """The CSRF field of the lobby's form (the lobby sets the anonymous cookie it is bound to)."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").text)
    assert found is not None
    return {"csrf_token": found.group(1)}


def _i18n_tool() -> object:
    spec = importlib.util.spec_from_file_location("tenace_i18n_tool_web", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("lang", "heading", "start"),
    [
        ("en", "Play duplicate bridge", "Start a table"),
        ("pl", "Graj w brydża porównawczego", "Rozpocznij stół"),
        ("lv", "Spēlē salīdzināmo bridžu", "Sākt galdu"),
        ("sv", "Spela duplikatbridge", "Starta ett bord"),
        ("el", "Παίξτε duplicate μπριτζ", "Νέο τραπέζι"),
    ],
)
def test_lobby_is_shown_in_the_language_asked_for(lang: str, heading: str, start: str) -> None:
    async def starter(request: Request) -> pages.SoloTable:
        return pages.SoloTable("t1", "tok")

    response = _client(starter).get(f"/?lang={lang}")
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in response.text
    assert f"<h1>{heading}</h1>" in response.text
    assert start in response.text
    assert response.cookies.get(pages.COOKIE) == lang


def test_language_comes_from_the_cookie_then_accept_language() -> None:
    client = _client()
    assert '<html lang="sv">' in client.get("/", headers={"Accept-Language": "sv-SE,sv;q=0.9"}).text
    assert '<html lang="el">' in client.get("/", headers={"Accept-Language": "fr;q=0.9,el;q=0.8"}).text
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "fr,de"}).text
    client.cookies.set(pages.COOKIE, "lv")
    assert '<html lang="lv">' in client.get("/", headers={"Accept-Language": "pl"}).text


def test_lobby_without_a_table_starter_says_so_and_refuses_the_post() -> None:
    client = _client(accounts=True)
    page = client.get("/?lang=en")
    assert 'id="start-solo"' not in page.text
    assert "ask the Director for a table" in page.text
    assert client.post("/lobby/solo", data=_csrf(client), follow_redirects=False).status_code == 404


def test_start_solo_redirects_to_the_new_table_with_its_seat_token() -> None:
    seen: list[str] = []

    async def starter(request: Request) -> pages.SoloTable:
        seen.append(request.method)
        return pages.SoloTable("table 7", "a/b+c")

    client = _client(starter, accounts=True)
    assert client.post("/lobby/solo", follow_redirects=False).status_code == 403  # no CSRF token
    assert seen == []
    response = client.post("/lobby/solo", data=_csrf(client), follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/tables/table%207?token=a%2Fb%2Bc"
    assert seen == ["POST"]


def test_join_goes_to_the_table_and_an_empty_table_number_is_an_error_in_the_page_language() -> None:
    client = _client()
    response = client.get("/join", params={"table": " 12 ", "token": "xyz"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/tables/12?token=xyz"
    spectator = client.get("/join", params={"table": "12"}, follow_redirects=False)
    assert spectator.headers["location"] == "/tables/12"
    bad = client.get("/join", params={"table": "  ", "lang": "pl"}, follow_redirects=False)
    assert bad.status_code == 400
    assert "Wpisz otrzymany numer stołu." in bad.text


def test_table_page_carries_the_table_token_and_translated_client_labels_but_no_card() -> None:
    page = _client().get("/tables/42", params={"token": "secret-token", "lang": "pl"})
    assert page.status_code == 200
    assert 'data-table-id="42"' in page.text
    assert 'data-token="secret-token"' in page.text
    assert '<script type="module" src="/static/table.js"></script>' in page.text
    pattern = r'<script type="application/json" id="tenace-strings">(.*?)</script>'
    strings = re.search(pattern, page.text, re.S)
    assert strings is not None
    labels = json.loads(strings.group(1))
    assert labels["North"] == "Północ"
    assert labels["Waiting for {seat}."] == "Czekamy na: {seat}."
    assert set(labels) == set(pages.CLIENT_STRINGS)
    # the page itself holds no card: the client draws cards only from the views the server sends
    assert "data-card=" not in page.text.replace('data-call="', "")
    assert not re.search(r"[\"'>\s][SHDC][2-9TJQKA][\"'<\s,]", strings.group(1))


def test_language_links_keep_the_seat_token() -> None:
    page = _client().get("/tables/42", params={"token": "tok-1", "lang": "en"})
    assert '<a href="/tables/42?token=tok-1&amp;lang=pl" lang="pl"' in page.text
    assert '<a href="/tables/42?token=tok-1&amp;lang=en" lang="en"' in page.text
    lobby = _client().get("/")
    assert '<a href="/?lang=sv" lang="sv"' in lobby.text


def test_table_page_escapes_what_the_address_holds() -> None:
    page = _client().get("/tables/x", params={"token": '"><script>alert(1)</script>'})
    assert "<script>alert(1)</script>" not in page.text
    assert 'data-token="&#34;&gt;&lt;script&gt;' in page.text


def test_static_files_are_served_with_their_types_and_nothing_outside_the_folder() -> None:
    client = _client()
    js = client.get("/static/table.js")
    assert js.status_code == 200
    assert js.headers["content-type"].startswith("text/javascript")
    assert js.content == (STATIC / "table.js").read_bytes()
    css = client.get("/static/tenace.css")
    assert css.headers["content-type"].startswith("text/css")
    assert client.get("/static/../pages.py").status_code == 404
    assert client.get("/static/%2e%2e/pages.py").status_code == 404
    assert client.get("/static/missing.js").status_code == 404


def test_every_label_the_client_uses_is_sent_to_it() -> None:
    source = (STATIC / "table.js").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\("([^"]+)"\)', source)) | set(re.findall(r'\bf\("([^"]+)"', source))
    assert used, "no labels found: the pattern no longer matches the client's code"
    assert used <= set(pages.CLIENT_STRINGS), used - set(pages.CLIENT_STRINGS)


def test_the_client_imports_only_its_own_modules() -> None:
    """No build step and no third-party code: every import of a static module is a relative one that
    exists."""
    for path in STATIC.glob("*.js"):
        for target in re.findall(r'\bfrom\s+"([^"]+)";\s*$', path.read_text(encoding="utf-8"), re.M):
            assert target.startswith("./"), (path.name, target)
            assert (STATIC / target[2:]).is_file(), (path.name, target)


def test_web_catalogues_are_current_and_translated_in_every_locale() -> None:
    tool = _i18n_tool()
    assert tool.problems((tool.WEB_DOMAIN,)) == []  # type: ignore[attr-defined]
    wanted = {m.id for m in tool.template(tool.WEB_DOMAIN) if m.id}  # type: ignore[attr-defined]
    for locale in pages.LOCALES:
        _ = pages.gettext_for(locale)
        untranslated = sorted(m for m in wanted if locale != "en" and _(m) == m and m not in _SAME_IN)
        assert untranslated == [], (locale, untranslated)


_SAME_IN = {"NT", "Pass", "Alert", "Refused", "Table", "Board", "Claim", "NS", "EW", "N", "E", "S", "W",
            "Robot", "IMPs", "VPs", "Version", "Session {number}", "session"}
"""Labels that may read the same as English in some language (NT in Swedish, Pass in Latvian/Swedish, NS and
EW in Polish, the compass letters N/E/S/W in Polish, Robot in Polish and Swedish, the international IMPs and
VPs in Greek, Version and session in Swedish, ...)."""


def test_gettext_for_an_unknown_language_is_english() -> None:
    assert pages.gettext_for("xx")("Start a table") == "Start a table"
    assert pages.choose_locale("de", None, "") == "en"
