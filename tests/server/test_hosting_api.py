"""The Learn and score-calculator endpoints: the same answers as the terminal's hosting aids."""

from __future__ import annotations

from fastapi.testclient import TestClient

from wonderland.hosting.aids import get_aids
from wonderland.hosting.practice import PracticeSession
from wonderland.hosting.teaching import shipped_scripts


def test_pages_and_lobby_links(client: TestClient) -> None:
    """Learn and score pages are served; the lobby's game list says which games have them."""
    assert "learn.js" in client.get("/learn/parade").text
    assert "score.js" in client.get("/score/parade").text
    assert client.get("/learn/chess").status_code == 404
    parade = next(g for g in client.get("/api/games").json() if g["id"] == "parade")
    assert parade["learn"] is True and parade["score"] is True
    info = client.get("/api/learn/parade").json()
    assert info["scripts"][0]["name"] == "01-first-game.toml"
    assert info["practice"] == ["collect", "cheapest", "majority"]


def test_lesson_walks_the_script(client: TestClient) -> None:
    """Explaining steps continue; a wrong move is explained and keeps the step; the right one
    moves on; the expected move never reaches the browser."""
    data = client.post("/api/learn/parade/lessons", json={}).json()
    key = data["lesson"]
    script = shipped_scripts("parade")[0]
    steps = [step for scene in script.model.scenes for step in scene.steps]
    for step in steps:
        assert data["card"]["title"] == step.title and "expect" not in data["card"]
        if step.expect is None:
            data = client.post(f"/api/lessons/{key}", json={}).json()
            continue
        wrong = client.post(f"/api/lessons/{key}", json={"move": "Z9"}).json()
        assert wrong["feedback"]["accepted"] is False and "Rule" in wrong["feedback"]["message"]
        assert wrong["card"]["title"] == step.title
        data = client.post(f"/api/lessons/{key}", json={"move": step.expect}).json()
        assert data["feedback"]["accepted"] is True
    assert data["done"] is True
    assert client.post(f"/api/lessons/{key}", json={}).status_code == 409
    assert client.post("/api/lessons/nope", json={}).status_code == 404


def test_practice_session_over_http(client: TestClient) -> None:
    """Tasks match the library's session for the same seed; unreadable answers change nothing."""
    local = PracticeSession(get_aids("parade"), count=3, seed=4)
    data = client.post("/api/learn/parade/practice", json={"count": 3, "seed": 4}).json()
    key = data["session"]
    assert data["task"]["table"] == local.task().table
    assert "answer" not in str(data["task"]["questions"])
    refused = client.post(f"/api/practice/{key}", json={"answers": ["Q99"]})
    assert refused.status_code == 400 and "bad card" in refused.json()["detail"]
    for _ in range(3):
        answers = [q.answer.split(" or ")[0] for q in local.task().questions]
        local.answer(answers)
        data = client.post(f"/api/practice/{key}", json={"answers": answers}).json()
        assert data["verdict"]["correct"] is True and data["verdict"]["explanation"]
    assert data["task"] is None and data["summary"]["correct"] == 3
    assert client.post(f"/api/practice/{key}", json={"answers": []}).status_code == 409
    too_many = client.post("/api/learn/parade/practice", json={"count": 1000})
    assert too_many.status_code == 422


def test_score_calculator_over_http(client: TestClient) -> None:
    """Scores and winner as the calculator gives them; every bad entry is listed."""
    form = client.get("/api/score/parade").json()
    assert form["fields"][0]["key"] == "cards"
    assert {v["name"] for v in form["variants"]} == {
        "two_player_plain_majority",
        "all_equal_no_majority",
        "tiebreak_random",
    }
    body = {
        "players": [{"name": "Ann", "cards": "R1 R2 R3 B1"}, {"name": "Bob", "cards": "R4 B2 B3"}]
    }
    report = client.post("/api/score/parade", json=body).json()
    assert [p["total"] for p in report["players"]] == [4, 9] and report["winners"] == ["Ann"]
    bad = {"players": [{"name": "Ann", "cards": "R1 R1 Z3"}, {"name": "Bob", "cards": "R1"}]}
    response = client.post("/api/score/parade", json=bad)
    assert response.status_code == 400
    problems = response.json()["detail"]["problems"]
    assert any("'Z3' is not a Parade card" in p for p in problems)
    assert any("Ann: R1 is entered twice" in p for p in problems)
    assert any("R1 is entered for both Ann and Bob" in p for p in problems)


def test_wonderdice_learn_without_calculator(client: TestClient) -> None:
    """Wonderdice has a Learn page and no score calculator."""
    info = client.get("/api/learn/wonderdice").json()
    assert info["practice"] == ["actions", "block"] and info["score"] is False
    assert client.get("/api/score/wonderdice").status_code == 404
    assert client.get("/score/wonderdice").status_code == 404
    lesson = client.post("/api/learn/wonderdice/lessons", json={}).json()
    assert "rolled" in lesson["card"]["table"]


def test_war_score_and_learn_over_http(client: TestClient) -> None:
    """Wonderland's War has a Learn page and a calculator by source."""
    info = client.get("/api/learn/wonderlands_war").json()
    assert info["practice"] == ["bust", "battle"] and info["score"] is True
    form = client.get("/api/score/wonderlands_war").json()
    assert [f["key"] for f in form["fields"]][:3] == ["battles", "other", "castles"]
    body = {
        "players": [
            {"name": "Ann", "battles": "12", "castles": "2", "quests": "3/2", "shards": "2"},
            {"name": "Bob", "battles": "14", "castles": "3", "castle_value": "4"},
        ]
    }
    report = client.post("/api/score/wonderlands_war", json=body).json()
    assert [p["total"] for p in report["players"]] == [12 + 6 + 10 - 2, 14 + 12]
    assert report["winners"] == ["Bob"] and report["lowest_wins"] is False
    assert "Bob wins with the fewest (W54)" in report["explanation"]
    bad = client.post(
        "/api/score/wonderlands_war",
        json={"players": [{"name": "Ann", "battles": "x"}, {"name": "Bob", "battles": "1"}]},
    )
    assert bad.status_code == 400
    assert "Ann: battles 'x' is not a whole number" in bad.json()["detail"]["problems"]
