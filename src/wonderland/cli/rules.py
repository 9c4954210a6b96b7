"""``wonderland rules GAME [CLAUSE | WORDS]``: the rules as implemented, with the variants."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markdown import Markdown
from rich.padding import Padding
from rich.text import Text

from wonderland.core import AnyGame, game_ids, get_game
from wonderland.hosting.rulebook import Clause, Rulebook, load_rulebook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``rules``."""
    parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument(
        "query", nargs="*", help="a clause id (P14, A3) or words to search for; none: everything"
    )
    parser.add_argument("--variants", action="store_true", help="only the rule variants")


def show_variants(console: Console, game: AnyGame) -> None:
    """Every variant: ``NAME=VALUES`` as it is typed, its default and clause (one line, never
    cut: it runs on at a narrow terminal), then what it does, wrapped below it."""
    console.print(f"[bold]{game.spec.name} variants[/] (--variant NAME=VALUE)")
    for variant in game.variants:
        values = "yes|no" if variant.kind == "bool" else "|".join(variant.choices)
        if variant.kind == "int":
            low = variant.minimum if variant.minimum is not None else ""
            high = variant.maximum if variant.maximum is not None else ""
            values = "|".join([*variant.choices, f"{low}-{high}"])
        default = variant.default
        if isinstance(default, bool):
            default = "yes" if default else "no"
        typed = Text(f"{variant.name}={values}", style="bold")
        typed.append(f"  (default {default}; rule {variant.clause})", style="dim")
        console.print(typed, soft_wrap=True)
        console.print(Padding(Text(variant.help), (0, 0, 0, 4), expand=False))


def show_clause(console: Console, clause: Clause) -> None:
    """One clause with its section."""
    kind = "ambiguity register" if clause.register else clause.section
    console.print(f"[bold]{clause.id}[/] [dim]({kind})[/] {clause.text}")


def show_lookup(console: Console, book: Rulebook, game: AnyGame, query: str) -> int:
    """A clause by id (with what cites it and its variants), else a search; 1 when nothing."""
    words = query.split()
    clause = book.clause(words[0]) if len(words) == 1 else None
    if clause is not None:
        show_clause(console, clause)
        related = book.mentions(clause.id)
        if related:
            console.print("[bold]Cited by[/]")
            for other in related:
                show_clause(console, other)
        variants = [v for v in game.variants if v.clause == clause.id]
        for variant in variants:
            console.print(
                f"Variant [bold]{variant.name}[/] (default {variant.default}): {variant.help}"
            )
        return 0
    found = book.search(query)
    if not found:
        console.print(f"No clause of {game.spec.name}'s rules mentions {query!r}.")
        return 1
    console.print(f"{len(found)} clause(s) for {query!r}:")
    for item in found:
        show_clause(console, item)
    return 0


def run(args: argparse.Namespace) -> int:
    """The whole rules, one clause, or a search."""
    game = get_game(args.game)
    console = Console(highlight=False)
    if args.variants:
        show_variants(console, game)
        return 0
    book = load_rulebook(args.game)
    if not args.query:
        console.print(Markdown(book.text))
        show_variants(console, game)
        return 0
    return show_lookup(console, book, game, " ".join(args.query))
