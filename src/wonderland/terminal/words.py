"""The terminal's words: rule clauses written "rule P14" in whatever the table prints, and
errors as sentences (never ``IllegalAction P11: …``)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from wonderland.core import IllegalAction
from wonderland.core.words import refusal_words, rule_places, rule_words


def with_rule_words(body: RenderableType) -> RenderableType:
    """``body`` with its bracketed rule clauses as rule references (text, markup and groups
    of them; other renderables are drawn by games that write their references in words)."""
    if isinstance(body, str):
        return rule_words(body)
    if isinstance(body, Text):
        return _text_with_rule_words(body)
    if isinstance(body, Group):
        return Group(*(with_rule_words(part) for part in body.renderables))
    return body


def _text_with_rule_words(text: Text) -> Text:
    places = rule_places(text.plain)
    if not places:
        return text
    pieces: list[Text] = []
    end = len(text.plain)
    for at, word in places:
        pieces[:0] = [Text(word), text[at:end]]
        end = at
    result = text[:end]
    for piece in pieces:
        result.append_text(piece)
    return result


def shown_error(problem: str | Exception) -> str:
    """A refusal or error as a sentence: the rules' refusals end with their rule."""
    if isinstance(problem, IllegalAction):
        return refusal_words(problem.rule, problem.message)
    return rule_words(str(problem))
