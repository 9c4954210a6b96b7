"""Words a person reads: rule references that cannot be mistaken for cards, and counts.

A rule clause has an id (``P14``, ``W26``, ``D3``) kept in ``RULES.md`` and in
:class:`~wonderland.core.errors.IllegalAction`; wherever a person reads it, it is written
"rule P14" (the web table styles the same words as a small reference, ``words.js``).  Only a
clause in brackets is a reference: a bare ``P10`` may be a card (the purple 10).

>>> rule_words("collected B3 (P13: same colour)")
'collected B3 (rule P13: same colour)'
>>> rule_words("seat 2 starts (P8); played P10 (P14, P15)")
'seat 2 starts (rule P8); played P10 (rules P14, P15)'
>>> counted(1, "card"), counted(3, "chip"), counted(2, "party", "parties")
('1 card', '3 chips', '2 parties')
"""

from __future__ import annotations

import re

CLAUSE_ID = r"[A-Z]{1,2}\d{1,3}[a-z]?"
CLAUSES = re.compile(
    rf"\((?!rules? )({CLAUSE_ID}(?:(?:,\s?|/|–|-|\s(?:and|or)\s){CLAUSE_ID})*)(?=[:)])"
)
"""A bracketed clause reference, as ``words.js`` finds it: ``(P8)``, ``(P14, P15)``,
``(P13: same colour)``."""


def rule_name(clauses: str) -> str:
    """``rule P8``, or ``rules P14, P15`` for several."""
    many = re.search(rf"{CLAUSE_ID}\W+{CLAUSE_ID}", clauses) is not None
    return f"{'rules' if many else 'rule'} {clauses}"


def rule_words(text: str) -> str:
    """``text`` with each bracketed clause id written as a rule reference."""
    return CLAUSES.sub(lambda m: f"({rule_name(m.group(1))}", text)


def rule_places(text: str) -> list[tuple[int, str]]:
    """Where :func:`rule_words` puts its words into ``text``: (index, words) pairs, last
    first, for a styled text that must keep its other styles."""
    places = []
    for match in CLAUSES.finditer(text):
        word = "rules " if rule_name(match.group(1)).startswith("rules") else "rule "
        places.append((match.start(1), word))
    return places[::-1]


def refusal_words(rule: str, message: str) -> str:
    """A refusal as a person reads it: ``seat 2 cannot play Y7 (rule P11)``."""
    return f"{message} (rule {rule})"


def counted(number: int, noun: str, nouns: str | None = None) -> str:
    """``1 card``, ``2 cards`` (``nouns``: the plural when it is not ``noun`` + s)."""
    return f"{number} {noun if number == 1 else nouns or noun + 's'}"


def is_fraction(value_label: str) -> bool:
    """Whether a bot's values under ``value_label`` are fractions, shown as percentages
    (a chance to win, a fraction of rivals beaten; ``advice.js`` asks the same)."""
    return any(word in value_label for word in ("chance", "fraction", "share"))
