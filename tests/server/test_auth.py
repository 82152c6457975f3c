"""tenace.server.auth: accounts in the store's database, sessions, the /auth routes, roles, CSRF, login
lockout and seat tokens, on a small FastAPI app (the server's own app includes the same router)."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from argon2 import PasswordHasher
from fastapi import Depends, FastAPI, Request, Response, WebSocket
from fastapi.responses import HTMLResponse
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from tenace.seats import Seat
from tenace.server.auth import (
    Accounts,
    Auth,
    AuthSessionRow,
    AuthSettings,
    UserRow,
    csrf_protect,
    csrf_token_for,
    current_user,
    install_auth,
    optional_user,
    require_role,
    websocket_origin_ok,
    websocket_seat,
    websocket_user,
)
from tenace.server.security import (
    InvalidCredentialsError,
    Limit,
    LoginPolicy,
    Passwords,
    RegistrationError,
    Role,
    SeatTokenError,
    User,
    token_digest,
)
from tenace.store import Store
from tenace.store.models import Base

FAST = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
SECRET = b"a test secret that is long enough"
PASSWORD = "correct horse battery"


class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 11, 22, 9, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database migrated once per module; each test works on a copy (migrating costs a second)."""
    path = tmp_path_factory.mktemp("auth") / "template.db"
    with Store.open(f"sqlite:///{path}"):
        pass
    return path


@pytest.fixture
def store(migrated: Path, tmp_path: Path) -> Iterator[Store]:
    copy = tmp_path / "auth.db"
    shutil.copyfile(migrated, copy)
    with Store.open(f"sqlite:///{copy}") as opened:
        yield opened


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def accounts(store: Store, clock: Clock) -> Accounts:
    return Accounts(store.engine, Passwords(FAST), clock=clock, session_lifetime=dt.timedelta(hours=2))


def make_app(accounts: Accounts, **settings: object) -> FastAPI:
    app = FastAPI()
    policy = settings.pop("login", LoginPolicy(account=Limit(3, 900), ip=Limit(1000, 60)))
    install_auth(app, Auth(accounts, AuthSettings(secret=SECRET, login=policy, **settings)))  # type: ignore[arg-type]

    @app.get("/form", response_class=HTMLResponse)
    async def form(request: Request, response: Response) -> str:
        return f'<input type="hidden" name="csrf_token" value="{csrf_token_for(request, response)}">'

    @app.post("/notes", dependencies=[Depends(csrf_protect)])
    async def notes(user: User = Depends(current_user)) -> dict[str, str]:  # noqa: B008
        return {"saved_by": user.username}

    @app.get("/director")
    async def director(user: User = Depends(require_role(Role.DIRECTOR, Role.ORGANISER))) -> dict[str, str]:  # noqa: B008
        return {"director": user.username}

    @app.get("/who")
    async def who(user: User | None = Depends(optional_user)) -> dict[str, str | None]:  # noqa: B008
        return {"user": None if user is None else user.username}

    @app.websocket("/ws/tables/{table_id}")
    async def table(websocket: WebSocket, table_id: str) -> None:
        if not websocket_origin_ok(websocket):
            await websocket.close(code=4403)
            return
        try:
            seat = websocket_seat(websocket, table_id)
        except SeatTokenError:
            await websocket.close(code=4401)
            return
        user = await websocket_user(websocket)
        await websocket.accept()
        await websocket.send_json(
            {"seat": None if seat is None else seat.value, "user": None if user is None else user.username}
        )
        await websocket.close()

    return app


@pytest.fixture
def app(accounts: Accounts) -> FastAPI:
    return make_app(accounts)


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    return TestClient(app)


def form_token(client: TestClient) -> str:
    page = client.get("/form")
    assert page.status_code == 200
    found = re.search(r'value="([^"]+)"', page.text)
    assert found is not None
    return found.group(1)


def login(client: TestClient, username: str, password: str = PASSWORD) -> dict[str, object]:
    answer = client.post("/auth/login", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    body: dict[str, object] = answer.json()
    return body


# ------------------------------------------------------------------------------------------------ schema


def test_the_migrations_build_exactly_the_account_tables_of_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    ours = {"users", "user_roles", "auth_sessions"}
    assert ours <= set(Base.metadata.tables)
    mentioning_ours = [d for d in differences if any(name in repr(d) for name in ours)]
    assert mentioning_ours == []


# ---------------------------------------------------------------------------------------------- accounts


def test_register_stores_an_argon2_hash_and_the_roles(accounts: Accounts, store: Store) -> None:
    ann = accounts.register("Ann", PASSWORD, frozenset({Role.PLAYER, Role.SPECTATOR}))
    assert ann.username == "Ann" and ann.roles == {Role.PLAYER, Role.SPECTATOR}
    with store.engine.connect() as connection:
        stored = connection.execute(select(UserRow.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert accounts.user("ann") == ann
    assert accounts.user_by_id(ann.id) == ann


def test_user_names_are_unique_whatever_the_case_and_must_be_well_formed(accounts: Accounts) -> None:
    accounts.register("Ann", PASSWORD)
    with pytest.raises(RegistrationError, match="taken") as caught:
        accounts.register("ANN", PASSWORD)
    assert caught.value.field == "username"
    for bad in ("a", "-ann", "ann smith", "x" * 65, "ann<script>"):
        with pytest.raises(RegistrationError, match="user name has") as caught:
            accounts.register(bad, PASSWORD)
        assert caught.value.field == "username"


def test_authenticate_with_the_right_password_and_refuse_a_wrong_one_or_an_unknown_name(
    accounts: Accounts,
) -> None:
    ann = accounts.register("ann", PASSWORD)
    assert accounts.authenticate("ANN", PASSWORD) == ann
    with pytest.raises(InvalidCredentialsError, match="wrong user name or password"):
        accounts.authenticate("ann", PASSWORD + "!")
    with pytest.raises(InvalidCredentialsError, match="wrong user name or password"):
        accounts.authenticate("nobody", PASSWORD)


def test_login_rehashes_a_password_stored_with_older_parameters(store: Store, clock: Clock) -> None:
    Accounts(store.engine, Passwords(FAST), clock=clock).register("ann", PASSWORD)
    stronger = Accounts(
        store.engine, Passwords(PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)), clock
    )

    def stored() -> str:
        with store.engine.connect() as connection:
            return connection.execute(select(UserRow.password_hash)).scalar_one()

    before = stored()
    assert "m=8,t=1" in before
    stronger.authenticate("ann", PASSWORD)
    after = stored()
    assert "m=16,t=2" in after
    stronger.authenticate("ann", PASSWORD)
    assert stored() == after  # no rehash when nothing changed
    with pytest.raises(InvalidCredentialsError):
        stronger.authenticate("ann", "the old hash is gone")


def test_a_session_lives_until_its_expiry_and_is_stored_only_as_a_digest(
    accounts: Accounts, store: Store, clock: Clock
) -> None:
    ann = accounts.register("ann", PASSWORD)
    token = accounts.open_session(ann)
    with store.engine.connect() as connection:
        hashes = connection.execute(select(AuthSessionRow.token_hash)).scalars().all()
    assert hashes == [token_digest(token)]
    assert accounts.user_for_token(token) == ann
    clock.now += dt.timedelta(hours=1, minutes=59)
    assert accounts.user_for_token(token) == ann
    clock.now += dt.timedelta(minutes=2)
    assert accounts.user_for_token(token) is None
    assert accounts.purge_expired() == 1
    assert accounts.user_for_token("not a token") is None


def test_disabling_an_account_or_changing_its_password_ends_its_sessions(accounts: Accounts) -> None:
    ann = accounts.register("ann", PASSWORD)
    token = accounts.open_session(ann)
    accounts.set_password("ann", "a brand new password")
    assert accounts.user_for_token(token) is None
    with pytest.raises(InvalidCredentialsError):
        accounts.authenticate("ann", PASSWORD)
    token = accounts.open_session(accounts.authenticate("ann", "a brand new password"))
    accounts.set_disabled("ann", True)
    assert accounts.user_for_token(token) is None
    with pytest.raises(InvalidCredentialsError):
        accounts.authenticate("ann", "a brand new password")


def test_grant_and_revoke_roles(accounts: Accounts) -> None:
    accounts.register("dan", PASSWORD)
    assert accounts.grant("dan", Role.DIRECTOR).roles == {Role.PLAYER, Role.DIRECTOR}
    assert accounts.grant("dan", Role.DIRECTOR).roles == {Role.PLAYER, Role.DIRECTOR}
    assert accounts.revoke("dan", Role.PLAYER).roles == {Role.DIRECTOR}
    with pytest.raises(LookupError, match="no user named 'eve'"):
        accounts.grant("eve", Role.DIRECTOR)


# ------------------------------------------------------------------------------------------------ routes


def test_register_by_json_logs_in_with_an_httponly_samesite_lax_cookie(client: TestClient) -> None:
    answer = client.post("/auth/register", json={"username": "ann", "password": PASSWORD})
    assert answer.status_code == 201
    assert answer.json()["user"]["roles"] == ["player", "spectator"]
    cookie = answer.headers["set-cookie"].lower()
    assert "tenace_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie
    assert client.get("/auth/me").json()["username"] == "ann"


def test_secure_cookies_when_the_settings_ask(accounts: Accounts) -> None:
    client = TestClient(make_app(accounts, secure_cookies=True), base_url="https://testserver")
    answer = client.post("/auth/register", json={"username": "ann", "password": PASSWORD})
    assert "secure" in answer.headers["set-cookie"].lower()


def test_registration_refuses_a_weak_password_and_a_taken_name(client: TestClient) -> None:
    weak = client.post("/auth/register", json={"username": "ann", "password": "short"})
    assert weak.status_code == 422 and "password" in weak.json()["detail"]
    client.post("/auth/register", json={"username": "ann", "password": PASSWORD})
    taken = TestClient(client.app).post("/auth/register", json={"username": "Ann", "password": PASSWORD})
    assert taken.status_code == 422 and "taken" in taken.json()["detail"]


def test_closed_registration(accounts: Accounts) -> None:
    client = TestClient(make_app(accounts, self_registration=False))
    answer = client.post("/auth/register", json={"username": "ann", "password": PASSWORD})
    assert answer.status_code == 403


def test_login_and_logout(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    assert client.get("/auth/me").status_code == 401
    body = login(client, "ann")
    assert body["user"] == {"id": 1, "username": "ann", "roles": ["player"]}
    assert client.get("/who").json() == {"user": "ann"}
    token = client.cookies["tenace_session"]
    assert client.post("/auth/logout", json={}).status_code == 204
    assert client.get("/auth/me").status_code == 401
    assert accounts.user_for_token(token) is None  # gone on the server, not only in the browser


def test_a_wrong_password_is_401_and_sets_no_cookie(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    answer = client.post("/auth/login", json={"username": "ann", "password": "not the password"})
    assert answer.status_code == 401
    assert "set-cookie" not in answer.headers
    unknown = client.post("/auth/login", json={"username": "nobody", "password": "not the password"})
    assert unknown.status_code == 401 and unknown.json() == answer.json()


def test_an_account_is_locked_after_three_failures_even_for_the_right_password(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("ann", PASSWORD)
    for _ in range(3):
        assert client.post("/auth/login", json={"username": "ann", "password": "guess"}).status_code == 401
    locked = client.post("/auth/login", json={"username": "ann", "password": PASSWORD})
    assert locked.status_code == 429
    assert 890 <= int(locked.headers["retry-after"]) <= 900
    assert "too many failed logins" in locked.json()["detail"]
    accounts.register("bob", PASSWORD)
    login(client, "bob")  # only that account is locked


def test_logins_per_ip_are_limited(accounts: Accounts) -> None:
    client = TestClient(make_app(accounts, login=LoginPolicy(account=Limit(100, 900), ip=Limit(2, 60))))
    for name in ("a1", "a2"):
        assert client.post("/auth/login", json={"username": name, "password": "x" * 8}).status_code == 401
    answer = client.post("/auth/login", json={"username": "a3", "password": "x" * 8})
    assert answer.status_code == 429 and "from" in answer.json()["detail"]


def test_a_new_session_at_each_login_and_the_old_one_ends(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    first = client.cookies["tenace_session"]
    login(client, "ann")
    second = client.cookies["tenace_session"]
    assert first != second
    assert accounts.user_for_token(first) is None
    assert accounts.user_for_token(second) is not None


def test_an_expired_session_cookie_is_no_longer_a_login(
    accounts: Accounts, client: TestClient, clock: Clock
) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    assert client.get("/auth/me").status_code == 200
    clock.now += dt.timedelta(hours=2, seconds=1)
    assert client.get("/auth/me").status_code == 401
    assert client.get("/who").json() == {"user": None}


def test_roles_are_enforced(accounts: Accounts, client: TestClient) -> None:
    accounts.register("pat", PASSWORD)
    accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
    assert client.get("/director").status_code == 401
    login(client, "pat")
    refused = client.get("/director")
    assert refused.status_code == 403 and "director or organiser" in refused.json()["detail"]
    login(client, "dan")
    assert client.get("/director").json() == {"director": "dan"}


def test_only_an_organiser_grants_roles(accounts: Accounts, client: TestClient) -> None:
    accounts.register("pat", PASSWORD)
    accounts.register("olga", PASSWORD, frozenset({Role.ORGANISER}))
    login(client, "pat")
    assert client.post("/auth/roles", json={"username": "pat", "role": "director"}).status_code == 403
    login(client, "olga")
    granted = client.post("/auth/roles", json={"username": "pat", "role": "Director"})
    assert granted.status_code == 200 and granted.json()["roles"] == ["director", "player"]
    revoked = client.post("/auth/roles", json={"username": "pat", "role": "player", "grant": False})
    assert revoked.json()["roles"] == ["director"]
    assert client.post("/auth/roles", json={"username": "pat", "role": "king"}).status_code == 422
    assert client.post("/auth/roles", json={"username": "eve", "role": "player"}).status_code == 404
    assert accounts.user("pat") == User(1, "pat", frozenset({Role.DIRECTOR}))


def test_role_changes_reach_a_live_session_at_its_next_request(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("pat", PASSWORD)
    login(client, "pat")
    assert client.get("/director").status_code == 403
    accounts.grant("pat", Role.DIRECTOR)
    assert client.get("/director").status_code == 200


# -------------------------------------------------------------------------------------------------- CSRF


def test_a_form_post_with_the_pages_csrf_token_goes_through(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    answer = client.post("/notes", data={"csrf_token": form_token(client), "text": "hello"})
    assert answer.status_code == 200 and answer.json() == {"saved_by": "ann"}


def test_a_forged_form_post_without_or_with_a_wrong_token_is_refused(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    assert client.post("/notes", data={"text": "hello"}).status_code == 403
    assert client.post("/notes", data={"csrf_token": "guess", "text": "hello"}).status_code == 403
    refused = client.post("/notes", content="text=hello", headers={"content-type": "text/plain"})
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]


def test_a_csrf_token_from_another_session_is_refused(accounts: Accounts, app: FastAPI) -> None:
    accounts.register("ann", PASSWORD)
    accounts.register("eve", PASSWORD)
    ann, eve = TestClient(app), TestClient(app)
    login(ann, "ann")
    login(eve, "eve")
    eves_token = form_token(eve)
    assert ann.post("/notes", data={"csrf_token": eves_token}).status_code == 403
    assert eve.post("/notes", data={"csrf_token": eves_token}).status_code == 200


def test_a_csrf_token_dies_with_its_session(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    old = form_token(client)
    login(client, "ann")
    assert client.post("/notes", data={"csrf_token": old}).status_code == 403
    assert client.post("/notes", headers={"X-CSRF-Token": form_token(client)}).status_code == 200


def test_a_post_from_a_foreign_origin_is_refused_even_as_json(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    evil = client.post("/notes", json={}, headers={"Origin": "https://evil.example"})
    assert evil.status_code == 403
    assert client.post("/notes", json={}, headers={"Origin": "http://testserver"}).status_code == 200
    assert client.post("/notes", json={}, headers={"Referer": "https://evil.example/x"}).status_code == 403


def test_a_forged_login_form_is_refused_and_the_real_form_logs_in(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("ann", PASSWORD)
    forged = client.post(
        "/auth/login", data={"username": "ann", "password": PASSWORD}, follow_redirects=False
    )
    assert forged.status_code == 403
    token = form_token(client)  # sets the anonymous cookie the token is bound to
    answer = client.post(
        "/auth/login",
        data={"username": "ann", "password": PASSWORD, "csrf_token": token, "next": "/tables/3"},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/tables/3"
    assert client.get("/auth/me").json()["username"] == "ann"


def test_a_form_login_never_redirects_off_site(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    for target in (
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
        "/\t/evil.example",
        "/\n/x",
    ):
        answer = client.post(
            "/auth/login",
            data={"username": "ann", "password": PASSWORD, "csrf_token": form_token(client), "next": target},
            follow_redirects=False,
        )
        assert answer.headers["location"] == "/"


def test_the_csrf_route_gives_the_token_the_forms_accept(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    token = client.get("/auth/csrf").json()["csrf"]
    assert client.post("/notes", data={"csrf_token": token}).status_code == 200


def test_a_form_logout_needs_the_token(accounts: Accounts, client: TestClient) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    assert client.post("/auth/logout", data={}).status_code == 403
    assert client.get("/auth/me").status_code == 200
    answer = client.post("/auth/logout", data={"csrf_token": form_token(client)}, follow_redirects=False)
    assert answer.status_code == 303
    assert client.get("/auth/me").status_code == 401


# -------------------------------------------------------------------------------------------- seat tokens


def test_a_director_issues_seat_tokens_and_a_token_opens_only_its_own_table(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("pat", PASSWORD)
    accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
    login(client, "pat")
    assert client.post("/auth/seat-tokens", json={"table_id": "7", "seat": "N"}).status_code == 403
    login(client, "dan")
    issued = client.post("/auth/seat-tokens", json={"table_id": "7", "seat": "east", "username": "pat"})
    assert issued.status_code == 200
    body = issued.json()
    assert body["seat"] == "E" and body["holder"] == "user:1"
    player = TestClient(client.app)
    with player.websocket_connect(f"/ws/tables/7?token={body['token']}") as ws:
        assert ws.receive_json() == {"seat": "E", "user": None}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        player.websocket_connect(f"/ws/tables/8?token={body['token']}"),
    ):
        pass
    assert closed.value.code == 4401
    auth: Auth = client.app.state.auth  # type: ignore[attr-defined]
    assert auth.seat_tokens.authenticate_seat("7", body["token"]) is Seat.EAST
    with pytest.raises(SeatTokenError):
        auth.seat_tokens.authenticate_seat("8", body["token"])


def test_seat_token_requests_name_a_table_and_a_seat(accounts: Accounts, client: TestClient) -> None:
    accounts.register("dan", PASSWORD, frozenset({Role.DIRECTOR}))
    login(client, "dan")
    assert client.post("/auth/seat-tokens", json={"seat": "N"}).status_code == 422
    assert client.post("/auth/seat-tokens", json={"table_id": "1", "seat": "X"}).status_code == 422
    assert (
        client.post("/auth/seat-tokens", json={"table_id": "1", "seat": "N", "username": "x1"}).status_code
        == 404
    )
    guest = client.post("/auth/seat-tokens", json={"table_id": "1", "seat": "S", "guest": "bob"}).json()
    assert guest["holder"] == "guest:bob"


def test_a_websocket_carries_the_session_and_refuses_a_foreign_origin(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("ann", PASSWORD)
    login(client, "ann")
    with client.websocket_connect("/ws/tables/1", headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json() == {"seat": None, "user": "ann"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/ws/tables/1", headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert closed.value.code == 4403


def test_auth_settings_need_a_long_secret() -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        AuthSettings(secret=b"short")


def test_a_refused_form_login_goes_back_to_its_page_with_the_reason(
    accounts: Accounts, client: TestClient
) -> None:
    accounts.register("ann", PASSWORD)
    for expected in ["invalid-credentials"] * 3 + ["account-locked"]:
        answer = client.post(
            "/auth/login",
            data={
                "username": "ann",
                "password": "a guess",
                "csrf_token": form_token(client),
                "next": "/director",
            },
            follow_redirects=False,
        )
        assert answer.status_code == 303
        assert answer.headers["location"] == f"/director?login_error={expected}"
        assert "tenace_session" not in answer.headers.get("set-cookie", "")


def test_a_refused_form_registration_goes_back_naming_the_field(client: TestClient) -> None:
    answer = client.post(
        "/auth/register",
        data={"username": "ann", "password": "short", "csrf_token": form_token(client), "next": "/join?x=1"},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/join?x=1&register_error=registration&field=password"


def test_changing_ones_password_needs_the_old_one_and_ends_the_other_sessions(
    accounts: Accounts, app: FastAPI
) -> None:
    accounts.register("ann", PASSWORD)
    here, elsewhere = TestClient(app), TestClient(app)
    login(here, "ann")
    login(elsewhere, "ann")
    wrong = here.post(
        "/auth/password", json={"password": "not it at all", "new_password": "a new long password"}
    )
    assert wrong.status_code == 401
    weak = here.post("/auth/password", json={"password": PASSWORD, "new_password": "short"})
    assert weak.status_code == 422 and "new_password" in weak.json()["detail"]
    changed = here.post("/auth/password", json={"password": PASSWORD, "new_password": "a new long password"})
    assert changed.status_code == 200
    assert here.get("/auth/me").status_code == 200  # this browser has a new session
    assert elsewhere.get("/auth/me").status_code == 401  # the other one is logged out
    login(elsewhere, "ann", "a new long password")
    assert (
        here.post("/auth/password", data={"password": PASSWORD, "new_password": "x" * 10}).status_code == 403
    )
    assert (
        TestClient(app).post("/auth/password", json={"password": "a", "new_password": "b"}).status_code == 401
    )
