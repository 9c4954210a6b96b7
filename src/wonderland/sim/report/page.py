"""The report page: plain HTML with the plots and the numbers behind them."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from wonderland import __version__
from wonderland.core import get_game
from wonderland.sim.compare import Comparison, seat_labels
from wonderland.sim.report.data import ReportInput, RunData, word
from wonderland.sim.summary import Estimate, label_noun

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.6rem 0 1.4rem; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { max-width: 14rem; overflow-wrap: break-word; }
code { background: #f4f4f4; padding: 0 0.2rem; font-size: 0.88rem; }
img { max-width: 100%; }
.note { color: #555; font-size: 0.92rem; }
"""


def pct(e: Estimate) -> str:
    """``25.3 % [22.1, 28.7]``."""
    if math.isnan(e.mean):
        return "–"
    return f"{100 * e.mean:.1f} % [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def num(e: Estimate) -> str:
    """``24.08 [22.56, 25.59]``."""
    if math.isnan(e.mean):
        return "–"
    if math.isnan(e.low):
        return f"{e.mean:.2f}"
    return f"{e.mean:.2f} [{e.low:.2f}, {e.high:.2f}]"


def signed_pct(e: Estimate) -> str:
    """``+3.1 pp [0.4, 5.8]`` (percentage points)."""
    return f"{100 * e.mean:+.1f} pp [{100 * e.low:+.1f}, {100 * e.high:+.1f}]"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _image(path: Path, page: Path, alt: str) -> str:
    src = path.relative_to(page.parent).as_posix()
    return f'<p><img src="{html.escape(src)}" alt="{html.escape(alt)}"></p>'


def _bots(bots: Sequence[str]) -> str:
    """``greedy × 4`` when every seat has the same bot, else the list in seat order."""
    return f"{bots[0]} × {len(bots)}" if len(set(bots)) == 1 else ", ".join(bots)


def runs_section(data: ReportInput) -> str:
    """Who played what: N, seeds and the command that reproduces each run."""
    rows = []
    for run in data.runs:
        job = run.job
        defaults = get_game(job.game).variants.defaults()
        changed = {k: v for k, v in job.config.variants.items() if v != defaults.get(k)}
        stored = f"{run.stored}" if run.complete else f"{run.stored} of {job.games} (incomplete)"
        rows.append(
            [
                run.name,
                str(job.config.num_players),
                _bots(job.bots) + (" (rotated)" if job.rotate else ""),
                ", ".join(f"{k}={word(v)}" for k, v in changed.items()) or "defaults",
                stored,
                str(job.seed),
                job.engine,
            ]
        )
    commands = "".join(f"<li><code>{html.escape(run.command())}</code></li>" for run in data.runs)
    total = sum(run.stored for run in data.runs)
    seeds = sorted({run.job.seed for run in data.runs})
    return (
        "<h2>Runs</h2>"
        f"<p>N = {total} games in all; run seed{'s' if len(seeds) > 1 else ''} "
        f"{', '.join(map(str, seeds))}. Game <i>i</i> of a run is seeded with "
        "<code>derive_seed(seed, i)</code> (on the compiled engine, its "
        "<code>game_key(seed, i)</code>), so a run's command reproduces every game, whatever "
        "the number of workers or the backend.</p>"
        + _table(["run", "players", "bots", "variants", "N games", "seed", "engine"], rows)
        + f"<p>Reproduce:</p><ul>{commands}</ul>"
    )


def _seat_rows(
    runs: list[RunData],
    seats: int,
    values: Callable[[RunData], list[Estimate]],
    fmt: Callable[[Estimate], str],
) -> list[list[str]]:
    rows = []
    for run in runs:
        cells = [fmt(e) for e in values(run)]
        rows.append([run.name, *cells, *["–"] * (seats - len(cells))])
    return rows


def _win_share_sections(
    runs: list[RunData], plots: dict[str, Path], page: Path, noun: str
) -> list[str]:
    """Win share by bot and by label (a character, a faction), where they were plotted."""
    parts: list[str] = []
    for kind, title in (("bot", "bot"), ("label", noun)):
        if kind not in plots:
            continue
        tables = [
            run.summary.win_by_bot if kind == "bot" else run.summary.win_by_label for run in runs
        ]
        keys = sorted({k for t in tables for k in t})
        rows = [
            [run.name, *(f"{pct(t[k])} (n={t[k].n})" if k in t else "–" for k in keys)]
            for run, t in zip(runs, tables, strict=True)
        ]
        parts += [
            f"<h2>Win share by {title}</h2>",
            _image(plots[kind], page, f"win share by {title}"),
            "<p>Win share per seat played; n counts the seats played.</p>",
            _table(["run", *keys], rows),
        ]
    return parts


def _figures_section(runs: list[RunData]) -> list[str]:
    """The game's own figures (mean per game), one column per run; none if it has none."""
    stat_keys = sorted({k for run in runs for k in run.summary.stats})
    if not stat_keys:
        return []
    rows = [
        [key, *(num(run.summary.stats[key]) if key in run.summary.stats else "–" for run in runs)]
        for key in stat_keys
    ]
    return ["<h2>Game figures</h2>", _table(["figure (mean)", *(r.name for r in runs)], rows)]


def write_page(
    data: ReportInput,
    page: Path,
    plots: dict[str, Path],
    comparisons: list[tuple[RunData, RunData, Comparison]] | None = None,
) -> Path:
    """Write the HTML report to ``page``; ``plots`` maps section keys to PNG files;
    ``comparisons`` are ``data.comparisons()`` when the caller has them."""
    runs = data.runs
    game = get_game(runs[0].job.game)
    noun = label_noun(game.spec.id)
    labels = seat_labels(run.job for run in runs)
    seats = len(labels)
    seat_heads = ["run", *labels]
    parts = [
        f"<h1>{html.escape(game.spec.name)}: simulation report</h1>",
        f'<p class="note">wonderland {__version__}, {game.spec.id} rules version '
        f"{game.spec.version}. Intervals are 95 %: Wilson for win/lose data, mean ± 1.96 "
        "standard errors otherwise; a shared win counts 1/k for each of the k winners.</p>",
    ]
    if data.sweep is not None:
        axes = "; ".join(f"{k} = {', '.join(v)}" for k, v in data.sweep.axes.items())
        parts.append(
            f"<h2>Sweep</h2><p>{len(runs)} points over {html.escape(axes)}, all with the same "
            "run seed on the same engine (the points play the same game seeds, so each point "
            "is compared with its baseline game by game).</p>"
        )
    parts += [
        runs_section(data),
        "<h2>Win share by seat</h2>",
        _image(plots["win_by_seat"], page, "win share by seat"),
        _table(seat_heads, _seat_rows(runs, seats, lambda r: r.summary.win_by_seat, pct)),
        "<h2>Score by seat</h2>",
        _image(plots["scores"], page, "score distribution by seat"),
        "<p>Mean score with 95 % interval:</p>",
        _table(seat_heads, _seat_rows(runs, seats, lambda r: r.summary.score_by_seat, num)),
        "<h2>Game length</h2>",
        _image(plots["length"], page, "game length"),
        _table(["run", "mean length"], [[run.name, num(run.summary.length)] for run in runs]),
    ]
    parts += _win_share_sections(runs, plots, page, noun)
    parts += _figures_section(runs)
    if "advantage" in plots:
        parts += [
            "<h2>Seat advantage</h2>",
            _image(plots["advantage"], page, "seat advantage over the fair share"),
        ]
    if "effect" in plots:
        found = comparisons if comparisons is not None else data.comparisons()
        parts.append(_effect_section(data, found, plots["effect"], page))
    body = "\n".join(parts)
    page.parent.mkdir(parents=True, exist_ok=True)
    title = f"{game.spec.name} simulation report"
    page.write_text(
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{STYLE}</style></head><body>\n{body}\n</body></html>\n",
        encoding="utf-8",
    )
    return page


def signed_num(e: Estimate) -> str:
    """``+1.25 [0.40, 2.10]``."""
    if math.isnan(e.mean):
        return "–"
    if math.isnan(e.low):
        return f"{e.mean:+.2f}"
    return f"{e.mean:+.2f} [{e.low:+.2f}, {e.high:+.2f}]"


def _effect_section(
    data: ReportInput, found: list[tuple[RunData, RunData, Comparison]], plot: Path, page: Path
) -> str:
    """Differences against each run's baseline, per seat, in length and in the game's own
    figures, with intervals: paired over the shared seeds where the runs share them."""
    labels = seat_labels(run.job for run, _, _ in found)
    seats = len(labels)
    rows, score_rows = [], []
    for run, base, diff in found:
        gap = ["–"] * (seats - len(diff.win_share))
        head, how = [run.name, base.name], [diff.method]
        shares = [*map(signed_pct, diff.win_share), *gap]
        rows.append([*head, *shares, signed_num(diff.length), *how])
        score_rows.append([*head, *map(signed_num, diff.score), *gap, *how])
    stat_keys = sorted({k for _, _, diff in found for k in diff.stats})
    stat_rows = [
        [key, *(signed_num(diff.stats[key]) if key in diff.stats else "–" for *_, diff in found)]
        for key in stat_keys
    ]
    methods = sorted({diff.method for *_, diff in found})
    what = "variant" if data.sweep is not None else "change"
    baseline = (
        "the same player count with every swept variant at its first value"
        if data.sweep is not None
        else "the first run"
    )
    heads = ["run", "baseline"]
    parts = [
        f"<h2>Effect of the {what}</h2>",
        f"<p>Each run against its baseline ({baseline}), {'; '.join(methods)}. Where the "
        "runs play the same game seeds, each figure is the mean of the per-game differences "
        "(run minus baseline, game <i>i</i> against game <i>i</i>) with the 95 % interval of "
        "those differences: the luck of the deal cancels out, and a change that changes no "
        "game shows exactly 0 [0, 0]. Runs that share no seed are compared as independent "
        "samples. Win shares in percentage points.</p>",
        _image(plot, page, "effect against the baseline"),
        _table(
            [*heads, *(f"Δ win share {label}" for label in labels), "Δ length", "compared"], rows
        ),
        "<p>Change in mean score:</p>",
        _table([*heads, *(f"Δ score {label}" for label in labels), "compared"], score_rows),
    ]
    if stat_rows:
        parts += [
            "<p>Change in the game's own figures (mean):</p>",
            _table(["figure", *(f"{run.name} − {base.name}" for run, base, _ in found)], stat_rows),
        ]
    return "".join(parts)
