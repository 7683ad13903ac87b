"""The arena's web application through Starlette's TestClient, over a real arena on SQLite and on PostgreSQL:
who sees what (401, 403), the API's shapes and refusals, the pages (escaped, readable without script), the
sign-in cookie."""

from __future__ import annotations

import base64
import json
import re

import pytest

pytest.importorskip("starlette", reason="the arena's server needs requirements-arena.txt")
pytest.importorskip("sqlalchemy", reason="the arena's server needs requirements-arena.txt")

from starlette.testclient import TestClient  # noqa: E402

from app.arena.service import Arena, Limits  # noqa: E402
from app.arena.web import COOKIE, make_app  # noqa: E402
from tests.arena.web_helpers import AGENTS, agent_files, make_class, read_tokens, submission_body  # noqa: E402

MAPS = 3


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def played(request, tmp_path_factory):
    """An arena of three students with rossi's and bianchi's agents submitted and played on 3 maps: on a SQLite
    file, then on PostgreSQL (skipped with the reason where no server can be started)."""
    folder = tmp_path_factory.mktemp("arena-web")
    roster, maps = make_class(folder, MAPS)
    url = (f"sqlite:///{folder / 'arena.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("postgres").new_database())
    arena = Arena.create(url, maps, roster, folder / "tokens.csv", Limits(max_bytes=64 * 1024, per_day=3))
    tokens = read_tokens(folder / "tokens.csv")
    client = TestClient(make_app(arena, arena.limits.max_bytes))
    versions = {}
    for student in ("rossi", "bianchi"):
        answer = client.post("/api/submissions", json=submission_body(agent_files(AGENTS[student])),
                             headers=_bearer(tokens[student]))
        assert answer.status_code == 201, answer.text
        versions[student] = answer.json()["id"]
    player = arena.player(jobs=1)
    while player.play_batch():
        pass
    yield arena, tokens, versions
    arena.close()


@pytest.fixture
def client(played):
    arena = played[0]
    with TestClient(make_app(arena, arena.limits.max_bytes)) as client:
        yield client


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _signed_in(client: TestClient, token: str) -> TestClient:
    answer = client.post("/login", data={"token": token}, follow_redirects=False)
    assert answer.status_code == 303
    return client


class TestWhoSeesWhat:
    def test_a_student_reads_their_own_page_and_version(self, client, played):
        _, tokens, versions = played
        page = client.get("/students/rossi", headers=_bearer(tokens["rossi"]))
        assert page.status_code == 200 and "Maria Rossi" in page.text
        version = client.get(f"/api/versions/{versions['rossi']}", headers=_bearer(tokens["rossi"])).json()
        assert version["student"] == "rossi" and version["phase"] == "done" and version["played"] == MAPS

    def test_another_student_s_page_version_and_games_are_403(self, client, played):
        _, tokens, versions = played
        assert client.get("/students/bianchi", headers=_bearer(tokens["rossi"])).status_code == 403
        refused = client.get(f"/api/versions/{versions['bianchi']}", headers=_bearer(tokens["rossi"]))
        assert refused.status_code == 403 and "not yours" in refused.json()["error"]
        assert client.get("/students/bianchi", headers=_bearer(tokens["bianchi"])).status_code == 200

    def test_the_teacher_reads_every_page_and_a_student_not_the_teacher_s(self, client, played):
        _, tokens, versions = played
        teacher = _bearer(tokens["teacher"])
        assert client.get("/students/bianchi", headers=teacher).status_code == 200
        assert client.get(f"/api/versions/{versions['rossi']}", headers=teacher).status_code == 200
        assert client.get("/teacher", headers=teacher).status_code == 200
        assert client.get("/teacher", headers=_bearer(tokens["rossi"])).status_code == 403
        assert client.get("/teacher/gradebook.csv", headers=_bearer(tokens["rossi"])).status_code == 403
        assert client.post(f"/api/versions/{versions['rossi']}/requeue",
                           headers=_bearer(tokens["rossi"])).status_code == 403

    def test_no_token_or_an_unknown_one_is_401(self, client):
        assert client.get("/api/versions/1").status_code == 401
        unknown = client.get("/api/versions/1", headers=_bearer("not-a-token"))
        assert unknown.status_code == 401 and unknown.json() == {"error": unknown.json()["error"]}
        assert client.get("/api/versions/1", headers={"authorization": "Basic eDp5"}).status_code == 401
        page = client.get("/students/rossi")
        assert page.status_code == 401 and 'action="/login"' in page.text

    def test_the_leaderboard_needs_no_token_and_names_nobody_to_the_public(self, client, played):
        board = client.get("/api/standings").json()
        assert board["maps"] == MAPS and len(board["rows"]) == 2
        assert all(re.fullmatch(r"Student \d+", row["student"]) for row in board["rows"])
        assert not any(row["you"] for row in board["rows"])
        own = client.get("/api/standings", headers=_bearer(played[1]["rossi"])).json()
        assert [row["you"] for row in own["rows"]].count(True) == 1


class TestSignIn:
    def test_the_cookie_is_httponly_strict_and_signs_the_pages_in(self, client, played):
        answer = client.post("/login", data={"token": played[1]["rossi"]}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/students/rossi"
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
        assert "signed in as <b>rossi</b>" in client.get("/").text
        assert client.get("/students/rossi").status_code == 200
        assert client.get("/students/verdi").status_code == 403
        client.post("/logout", follow_redirects=False)
        assert client.get("/students/rossi").status_code == 401

    def test_behind_tls_the_cookie_is_secure(self, played):
        arena = played[0]
        with TestClient(make_app(arena, arena.limits.max_bytes), base_url="https://arena.example.edu") as secure:
            answer = secure.post("/login", data={"token": played[1]["rossi"]}, follow_redirects=False)
        assert "Secure" in answer.headers["set-cookie"]

    def test_a_wrong_token_is_told_on_the_form(self, client):
        answer = client.post("/login", data={"token": "guess"})
        assert answer.status_code == 401 and "not one of this arena" in answer.text

    def test_a_form_is_read_no_further_than_its_limit(self, client):
        assert client.post("/login", data={"token": "x" * 10_000}).status_code == 413

    def test_the_teacher_lands_on_the_teacher_s_page(self, client, played):
        answer = client.post("/login", data={"token": played[1]["teacher"]}, follow_redirects=False)
        assert answer.headers["location"] == "/teacher"


class TestSubmissions:
    def test_refusals_are_one_line_json_with_their_status(self, client, played):
        token = _bearer(played[1]["verdi"])
        assert client.post("/api/submissions", content=b"{not json", headers=token).status_code == 400
        assert client.post("/api/submissions", json={"files": []}, headers=token).status_code == 400
        bad = client.post("/api/submissions", json={"files": [{"name": "a.clp", "content": "!!"}]}, headers=token)
        assert bad.status_code == 400 and "base64" in bad.json()["error"]
        for kilobytes in (80, 200):  # the arena's cap (64 KiB here), then past what the web layer reads at all
            big = base64.b64encode(b";" * (kilobytes * 1024)).decode()
            too_big = client.post("/api/submissions", json={"files": [{"name": "a.clp", "content": big}]},
                                  headers=token)
            assert too_big.status_code == 413 and "\n" not in too_big.json()["error"], kilobytes

    def test_over_the_day_s_limit_is_429_with_retry_after(self, client, played):
        token = _bearer(played[1]["verdi"])
        body = submission_body(agent_files(AGENTS["verdi"]))
        statuses = [client.post("/api/submissions", json=body, headers=token) for _ in range(4)]
        assert [s.status_code for s in statuses] == [201, 201, 201, 429]
        assert int(statuses[-1].headers["retry-after"]) > 0 and "24 hours" in statuses[-1].json()["error"]
        assert statuses[0].json()["games"] == MAPS and statuses[1].json()["version"] == 2

    def test_a_file_that_is_not_an_agent_is_refused_with_the_loader_s_reason(self, client, played):
        answer = client.post("/api/submissions", json=submission_body([("notes.txt", b"hello")]),
                             headers=_bearer(played[1]["rossi"]))
        assert answer.status_code == 400 and answer.json()["error"]


class TestPages:
    def test_a_name_that_is_markup_is_shown_as_text(self, client, played):
        tokens = played[1]
        teacher = client.get("/teacher", headers=_bearer(tokens["teacher"])).text
        assert "<script>alert(" not in teacher and "&lt;script&gt;alert(" in teacher
        board = client.get("/", headers=_bearer(tokens["teacher"])).text
        assert "<script>alert(" not in board and "&lt;script&gt;alert(" in board

    def test_a_chosen_display_name_is_escaped_on_the_leaderboard(self, client, played):
        tokens = played[1]
        name = '<img src=x onerror="alert(1)">'
        assert client.post("/api/me/name", json={"name": name}, headers=_bearer(tokens["bianchi"])).status_code == 204
        board = client.get("/").text
        assert name not in board and "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in board
        assert name in [row["student"] for row in client.get("/api/standings").json()["rows"]]

    def test_the_name_form_sets_it_without_script(self, client, played):
        signed = _signed_in(client, played[1]["rossi"])
        answer = signed.post("/students/rossi/name", data={"name": "Captain R"}, follow_redirects=False)
        assert answer.status_code == 303
        assert "Captain R" in signed.get("/").text
        assert signed.post("/students/verdi/name", data={"name": "x"}).status_code == 403

    def test_a_student_page_shows_versions_and_the_grade_page_with_its_games_to_replay(self, client, played):
        page = client.get("/students/rossi", headers=_bearer(played[1]["rossi"])).text
        assert 'id="versions"' in page and "Your results per map" in page and "function showGame" in page
        embedded = json.loads(re.search(r'<script id="games" type="application/json">(.*?)</script>', page).group(1))
        assert len(embedded) == MAPS
        assert page.count("showGame(") > MAPS  # each map's replay button
        # the page holds each game's address, not its log: the replay fetches a game when it is first shown
        assert all(set(game) == {"url"} for game in embedded) and len(page) < 100_000
        replayed = client.get(embedded[0]["url"], headers=_bearer(played[1]["rossi"]))
        assert replayed.status_code == 200 and replayed.json()["steps"] and replayed.json()["result"]["score"] is not None
        assert client.get(embedded[0]["url"], headers=_bearer(played[1]["verdi"])).status_code == 403
        assert client.get(embedded[0]["url"]).status_code == 401
        assert client.get("/api/games/99999/replay", headers=_bearer(played[1]["rossi"])).status_code == 404

    def test_every_response_carries_the_security_headers(self, client):
        headers = client.get("/").headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"

    def test_unknown_paths_are_404_in_their_shape(self, client):
        api = client.get("/api/nothing")
        assert api.status_code == 404 and api.json() == {"error": "no such page"}
        assert client.get("/nothing").status_code == 404

    def test_the_gradebook_downloads_as_csv(self, client, played):
        answer = client.get("/teacher/gradebook.csv?layout=moodle", headers=_bearer(played[1]["teacher"]))
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
        assert "attachment" in answer.headers["content-disposition"] and answer.text.count("\n") >= 3
        assert client.get("/teacher/gradebook.csv?layout=x", headers=_bearer(played[1]["teacher"])).status_code == 400

