"""The Learn and score-calculator endpoints: the same answers as the terminal's hosting aids."""

from __future__ import annotations

from fastapi.testclient import TestClient

from wonderland.games.parade.cards import card_str
from wonderland.hosting.aids import get_aids, scored_game_ids
from wonderland.hosting.practice import PracticeSession
from wonderland.hosting.teaching import Lesson, shipped_scripts
from wonderland.server.wire import StateMessage


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


def test_the_score_pages_check_answers_problems_without_failing(client: TestClient) -> None:
    """The page's own check gives the same report, and the same problems with a 200 answer
    (a person's typing is no failed request, so the page's console stays clean)."""
    body = {
        "players": [{"name": "Ann", "cards": "R1 R2 R3 B1"}, {"name": "Bob", "cards": "R4 B2 B3"}]
    }
    checked = client.post("/api/score/parade/check", json=body)
    assert checked.status_code == 200
    assert checked.json() == {"report": client.post("/api/score/parade", json=body).json()}
    bad = {"players": [{"name": "Ann", "cards": "R1 R1 Z3"}, {"name": "Bob", "cards": "R1"}]}
    refused = client.post("/api/score/parade/check", json=bad)
    assert refused.status_code == 200
    assert refused.json() == {
        "problems": client.post("/api/score/parade", json=bad).json()["detail"]["problems"]
    }
    assert client.post("/api/score/wonderdice/check", json=body).status_code == 404


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


def test_score_forms_say_how_to_pick(client: TestClient) -> None:
    """Each field says how a picker fills it in: Parade's cards with the colours to draw them,
    War's parts as steppers with their clause and range (castle values from the content)."""
    parade = client.get("/api/score/parade").json()
    assert parade["fields"][0] | {"kind": "cards", "clause": "P31"} == parade["fields"][0]
    assert [c["letter"] for c in parade["content"]["colours"]] == ["R", "B", "P", "G", "K", "Y"]
    war = client.get("/api/score/wonderlands_war").json()
    fields = {f["key"]: f for f in war["fields"]}
    assert war["content"] == {}
    assert fields["battles"]["kind"] == "number" and fields["battles"]["minimum"] == 0
    assert fields["castles"]["maximum"] == 5 and fields["castles"]["clause"] == "W49"
    assert fields["castle_value"]["choices"][0] == 3 and fields["quests"]["kind"] == "quests"
    assert fields["other"]["minimum"] is None and fields["units"]["clause"] == "W54"
    assert parade["widgets"] == "/games/parade/score.js"
    assert war["widgets"] == "/games/wonderlands_war/score.js"


def test_the_games_widgets_draw_their_own_field_kinds(client: TestClient) -> None:
    """The page draws numbers and text; every other kind of field is in the widgets of the
    game's module, served from the game's web folder with the styles it names."""
    for game_id in scored_game_ids():
        form = client.get(f"/api/score/{game_id}").json()
        own = {f["kind"] for f in form["fields"]} - {"number", "text"}
        if not own:
            continue
        module = client.get(form["widgets"])
        assert module.status_code == 200
        widgets = module.text.partition("export const widgets = {")[2]
        assert all(f"{kind}: {{" in widgets for kind in own), (game_id, own)
        styles = module.text.partition("export const styles = [")[2].partition("]")[0]
        for name in styles.replace('"', "").split(","):
            assert client.get(f"/games/{game_id}/{name.strip()}").status_code == 200


def test_lesson_sends_a_table_the_renderer_draws(client: TestClient) -> None:
    """Every lesson step carries its position as a table state message (the wire model's
    shape) seen by the step's seat only: the legal moves only when the step asks, and a new
    version after every answer, right or wrong."""
    data = client.post("/api/learn/parade/lessons", json={}).json()
    key = data["lesson"]
    local = Lesson(shipped_scripts("parade")[0])
    game = local.game
    versions = []
    while not data["done"]:
        table = data["table"]
        message = StateMessage.model_validate(table["state"])
        versions.append(message.version)
        viewer = local.viewer()
        assert table["seat"] == viewer
        assert message.view == game.view_to_json(game.view(local.state, viewer))
        assert table["content"]["colours"][0]["letter"] == "R"
        step = local.stage.scene.steps[local.step_index]
        labels = [a.label for a in message.legal]
        if step.expect is None:
            assert labels == []
            local.proceed()
            data = client.post(f"/api/lessons/{key}", json={}).json()
            continue
        expected = game.parse_action(local.state, viewer, step.expect)
        assert expected in [a.id for a in message.legal] and len(labels) > 1
        local.attempt("Z9")
        wrong = client.post(f"/api/lessons/{key}", json={"move": "Z9"}).json()
        assert wrong["table"]["state"]["version"] > message.version
        assert wrong["table"]["state"]["view"] == table["state"]["view"]
        local.attempt(step.expect)
        data = client.post(f"/api/lessons/{key}", json={"move": step.expect}).json()
    assert len(set(versions)) == len(versions) and data["table"] is None


def test_practice_position_is_one_seats_view(client: TestClient) -> None:
    """A practice task with a position sends the view of its seat only (Parade's collect and
    cheapest tasks, Wonderdice's); a majority task, whose drawn crowns would answer it, and
    Wonderland's War's tasks stay as text."""
    data = client.post("/api/learn/parade/practice", json={"count": 3, "seed": 4}).json()
    local = PracticeSession(get_aids("parade"), count=3, seed=4)
    task = local.task()
    assert task.position is not None and task.seat is not None
    table = data["table"]
    assert table["seat"] == task.seat
    game = get_aids("parade").game
    state = StateMessage.model_validate(table["state"])
    assert state.view == game.view_to_json(game.view(task.position, task.seat)) and not state.legal
    assert state.view["hand"] == [card_str(c) for c in task.position.hands[task.seat]]
    assert "hands" not in state.view
    dice = client.post("/api/learn/wonderdice/practice", json={"count": 1, "seed": 2}).json()
    assert dice["table"]["state"]["view"]["players"]
    war = client.post("/api/learn/wonderlands_war/practice", json={"count": 1, "seed": 2}).json()
    assert war["table"] is None and war["task"]["table"]
