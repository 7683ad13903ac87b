"""The arena's client against a real HTTP server on 127.0.0.1: what it sends (the agent's files in base64, the
Bearer token) and how it reads every answer the API documents (201, 401, 413, 429 with Retry-After, 500), an
answer that is not the arena's, and no server at all: one line each, never a traceback."""

from __future__ import annotations

import base64
import socket

import pytest

from app.arena import client
from app.arena.client import ArenaError
from app.core import BattleshipError
from tests.arena.fake_arena import STANDINGS, SUBMITTED, Answer, version_answer
from tests.paths import ROOT


def _sent_files(request) -> dict[str, bytes]:
    return {item["name"]: base64.b64decode(item["content"]) for item in request.json()["files"]}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class TestWhatIsSent:
    def test_a_clp_file_goes_base64_with_its_name_and_the_bearer_token(self, fake_arena, tmp_path):
        agent = tmp_path / "mine.clp"
        agent.write_bytes(b"(defrule AGENT::go => (printout t \"\xc3\xa8\" crlf))\n")
        fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
        assert client.submit(fake_arena.url, "tok-ada", [str(agent)]) == SUBMITTED
        request = fake_arena.requests[-1]
        assert request.headers["Authorization"] == "Bearer tok-ada"
        assert request.headers["Content-Type"] == "application/json"
        assert _sent_files(request) == {"mine.clp": agent.read_bytes()}

    def test_a_folder_goes_with_its_listed_files_in_load_order_and_nothing_else(self, fake_arena, tmp_path):
        folder = tmp_path / "ada"
        (folder / "sub").mkdir(parents=True)
        (folder / "b.clp").write_text("; b\n")
        (folder / "sub" / "a.clp").write_text("; a\n")
        (folder / "notes.txt").write_text("not listed: not sent")
        (folder / "load-order.txt").write_text("# mine\nsub\\a.clp\nb.clp\n")
        fake_arena.answer("POST", "/api/submissions", Answer(201, SUBMITTED))
        client.submit(fake_arena.url + "/", "tok", [str(folder)])
        files = _sent_files(fake_arena.requests[-1])
        assert list(files) == ["sub/a.clp", "b.clp", "load-order.txt"]
        assert [line for line in files["load-order.txt"].decode().splitlines()
                if not line.startswith("#")] == ["sub/a.clp", "b.clp"]

    def test_a_shipped_agent_sharing_the_library_goes_whole(self):
        files = dict(client.read_agent(["incrocio"]))
        assert set(files) == {"lib/knowledge.clp", "incrocio/strategy.clp", "load-order.txt"}
        assert files["lib/knowledge.clp"] == (ROOT / "agents/clips/lib/knowledge.clp").read_bytes()
        order = [line for line in files["load-order.txt"].decode().splitlines() if not line.startswith("#")]
        assert order == ["lib/knowledge.clp", "incrocio/strategy.clp"]  # as its own load-order.txt says

    def test_several_files_keep_the_order_given(self, tmp_path):
        for name in ("z.clp", "a.clp"):
            (tmp_path / name).write_text(f"; {name}\n")
        files = dict(client.read_agent([str(tmp_path / "z.clp"), str(tmp_path / "a.clp")]))
        assert files["load-order.txt"].decode().splitlines()[1:] == ["z.clp", "a.clp"]

    def test_a_python_agent_is_its_one_file(self):
        assert client.read_agent([str(ROOT / "agents/random_agent.py")]) == [
            ("random_agent.py", (ROOT / "agents/random_agent.py").read_bytes())]


class TestRefusedBeforeSending:
    @pytest.mark.parametrize(("make", "said"), [
        (lambda d: [str(d / "missing.clp")], "missing.clp"),
        (lambda d: [str(d)], "load-order.txt"),
        (lambda d: [str(d / "notes.txt")], "notes.txt: an agent file must end in"),
        (lambda d: [str(d / "a.clp"), str(d / "b.py")], "do not mix"),
        (lambda d: [str(d / "b.py"), str(d / "b.py")], "one .py file"),
        (lambda d: [str(d / "a.clp"), str(d)], "a folder agent is given alone"),
        (lambda d: [], "no agent given"),
    ])
    def test_what_the_app_would_not_load(self, fake_arena, tmp_path, make, said):
        (tmp_path / "a.clp").write_text("; a\n")
        (tmp_path / "b.py").write_text("AGENT = None\n")
        (tmp_path / "notes.txt").write_text("hello")
        with pytest.raises(BattleshipError, match=said) as raised:
            client.submit(fake_arena.url, "tok", make(tmp_path))
        assert "\n" not in str(raised.value)
        assert fake_arena.requests == []

    def test_a_load_order_reaching_outside_its_folder_names_the_line(self, fake_arena, tmp_path):
        folder = tmp_path / "ada"
        folder.mkdir()
        (tmp_path / "teacher.clp").write_text("; not hers\n")
        (folder / "load-order.txt").write_text("../teacher.clp\n")
        with pytest.raises(BattleshipError, match=r"load-order.txt:1: \.\./teacher.clp is outside"):
            client.submit(fake_arena.url, "tok", [str(folder)])
        assert fake_arena.requests == []

    @pytest.mark.parametrize("server", ["localhost:8000", "ftp://arena", "http://", "http://host/?x=1"])
    def test_an_address_that_is_not_http(self, server):
        with pytest.raises(ArenaError, match="not an arena server's address"):
            client.standings(server)

    @pytest.mark.parametrize("token", ["", "two words", "line\nbreak"])
    def test_a_token_that_cannot_be_one(self, fake_arena, token):
        with pytest.raises(ArenaError, match="copy it again"):
            client.version(fake_arena.url, token, 1)
        assert fake_arena.requests == []


class TestAnswers:
    def test_401_says_the_token_is_unknown_with_the_server_s_words(self, fake_arena):
        fake_arena.answer("GET", "/api/versions/3", Answer(401, {"error": "unknown token"}))
        with pytest.raises(ArenaError) as raised:
            client.version(fake_arena.url, "nope", 3)
        assert raised.value.status == 401
        assert str(raised.value) == (f"the server does not know this token: use the one your teacher gave you "
                                     f"(HTTP 401 from {fake_arena.url}: unknown token)")

    def test_413_too_large(self, tmp_path, fake_arena):
        (tmp_path / "big.clp").write_text("; big\n")
        fake_arena.answer("POST", "/api/submissions", Answer(413, {"error": "2.3 MiB: the limit is 1 MiB"}))
        with pytest.raises(ArenaError, match=r"too large \(HTTP 413 .*: 2.3 MiB: the limit is 1 MiB\)"):
            client.submit(fake_arena.url, "tok", [str(tmp_path / "big.clp")])

    @pytest.mark.parametrize(("header", "wait", "said"), [("42", 42, "42 s"), ("3600", 3600, "1 h"),
                                                           ("150", 150, "3 min")])
    def test_429_says_when_to_try_again(self, tmp_path, fake_arena, header, wait, said):
        (tmp_path / "a.clp").write_text("; a\n")
        fake_arena.answer("POST", "/api/submissions",
                     Answer(429, {"error": "20 submissions a day"}, {"Retry-After": header}))
        with pytest.raises(ArenaError) as raised:
            client.submit(fake_arena.url, "tok", [str(tmp_path / "a.clp")])
        assert raised.value.status == 429 and raised.value.retry_after == wait
        assert str(raised.value).startswith(f"too many submissions: try again in {said} (HTTP 429")

    def test_429_with_an_http_date(self, fake_arena):
        fake_arena.answer("GET", "/api/standings", Answer(429, {"error": "slow down"},
                                                     {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}))
        with pytest.raises(ArenaError, match="try again in 0 s") as raised:
            client.standings(fake_arena.url)
        assert raised.value.retry_after == 0

    def test_500_without_json(self, fake_arena):
        fake_arena.answer("GET", "/api/standings", Answer(500, b"<html>Internal Server Error</html>"))
        with pytest.raises(ArenaError, match=rf"^the server failed \(HTTP 500 from {fake_arena.url}\)$"):
            client.standings(fake_arena.url)

    def test_a_web_page_instead_of_json(self, fake_arena):
        fake_arena.answer("GET", "/api/standings", Answer(200, b"<html>router login</html>"))
        with pytest.raises(ArenaError, match="not a JSON object"):
            client.standings(fake_arena.url)

    def test_no_server_at_all(self):
        with pytest.raises(ArenaError, match="connection refused"):
            client.standings(f"http://127.0.0.1:{_free_port()}")

    def test_standings_without_a_token_sends_none(self, fake_arena):
        fake_arena.answer("GET", "/api/standings", Answer(200, STANDINGS))
        assert client.standings(fake_arena.url) == STANDINGS
        assert "Authorization" not in fake_arena.requests[-1].headers

    def test_a_server_under_a_path_keeps_it(self, fake_arena):
        assert client.page_url("https://lab.example.org/arena/", "/students/ada") == \
            "https://lab.example.org/arena/students/ada"


class TestWaitLoaded:
    def test_follows_the_phases_until_the_load_check_is_past(self, fake_arena):
        fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("queued")),
                     Answer(200, version_answer("loading")), Answer(200, version_answer("playing")))
        seen = []
        answer = client.wait_loaded(fake_arena.url, "tok", 17, timeout=10, poll=0.01,
                                    seen=lambda v: seen.append(v["phase"]))
        assert answer["phase"] == "playing" and seen == ["queued", "loading", "playing"]

    def test_a_load_error_ends_the_wait(self, fake_arena):
        failed = version_answer("failed", load_error="[PRSUTILS1] mine.clp:3: Syntax Error")
        fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("loading")), Answer(200, failed))
        assert client.wait_loaded(fake_arena.url, "tok", 17, timeout=10, poll=0.01)["load_error"].endswith("Error")

    def test_gives_up_after_the_timeout_with_the_last_answer(self, fake_arena):
        fake_arena.answer("GET", "/api/versions/17", Answer(200, version_answer("queued")))
        assert client.wait_loaded(fake_arena.url, "tok", 17, timeout=0.05, poll=0.01)["phase"] == "queued"


def test_the_client_imports_no_server_library():
    source = (ROOT / "app/arena/client.py").read_text()
    for library in ("starlette", "sqlalchemy", "uvicorn", "httpx", "requests"):
        assert f"import {library}" not in source and f"from {library}" not in source


def test_set_name_posts_it_and_takes_the_204(fake_arena):
    fake_arena.answer("POST", "/api/me/name", Answer(204))
    assert client.set_name(fake_arena.url, "tok", "Ada L.") is None
    assert fake_arena.requests[-1].json() == {"name": "Ada L."}
    fake_arena.answer("POST", "/api/me/name", Answer(400, {"error": "a name has 1 to 40 characters"}))
    with pytest.raises(ArenaError, match=r"refused the request \(HTTP 400 .*: a name has 1 to 40 characters\)"):
        client.set_name(fake_arena.url, "tok", "")
