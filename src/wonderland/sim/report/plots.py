"""The report's PNG plots (matplotlib, no global pyplot state): one function per plot.

Every interval drawn is the 95 % interval of :mod:`wonderland.sim.summary` (differences:
of :mod:`wonderland.sim.compare`).  Seats are named with their bots, ``seat 1 (greedy)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wonderland.sim.compare import Comparison, seat_labels
from wonderland.sim.deps import require
from wonderland.sim.report.data import RunData
from wonderland.sim.summary import Estimate

COLOURS = [f"C{i}" for i in range(10)]
WIDTH = 7.5


def _figure(height: float = 3.6, columns: int = 1) -> tuple[Any, list[Any]]:
    require("matplotlib")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH, height), dpi=100, layout="constrained")
    axes = figure.subplots(1, columns, squeeze=False)[0]
    return figure, list(axes)


def _save(figure: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", metadata={"Software": None})
    return path


def _legend(figure: Any, ax: Any, title: str | None = None) -> None:
    """The legend outside the axes, on the right."""
    handles, labels = ax.get_legend_handles_labels()
    if title is not None:
        title = title.replace(" / ", " /\n")
    figure.legend(handles, labels, loc="outside right upper", fontsize="small", title=title)


def _seat_ticks(runs: list[RunData]) -> list[str]:
    """``seat 1 (greedy)`` on two lines, for the ticks under a seat's group."""
    return [label.replace(" (", "\n(") for label in seat_labels(run.job for run in runs)]


def _errors(estimates: Sequence[Estimate]) -> list[list[float]]:
    """Whisker lengths below and above each mean (never negative: rounding at 0 and 1)."""
    return [
        [max(0.0, e.mean - e.low) for e in estimates],
        [max(0.0, e.high - e.mean) for e in estimates],
    ]


def _grouped_bars(
    ax: Any, groups: list[str], runs: list[RunData], series: list[list[Estimate | None]]
) -> None:
    """Bars per group, one per run, with interval whiskers."""
    width = 0.8 / max(1, len(runs))
    for r, (run, values) in enumerate(zip(runs, series, strict=True)):
        xs = [g + (r - (len(runs) - 1) / 2) * width for g, v in enumerate(values) if v]
        present = [v for v in values if v]
        ax.bar(
            xs,
            [v.mean for v in present],
            width,
            yerr=_errors(present),
            capsize=3,
            color=COLOURS[r % len(COLOURS)],
            label=run.short,
        )
    ax.set_xticks(range(len(groups)), groups)


def win_by_seat(runs: list[RunData], path: Path, legend: str) -> Path:
    """Win share per seat with intervals; dashed lines at the fair share 1/P."""
    figure, (ax,) = _figure()
    seats = max(len(run.summary.win_by_seat) for run in runs)
    series: list[list[Estimate | None]] = [
        [
            run.summary.win_by_seat[s] if s < len(run.summary.win_by_seat) else None
            for s in range(seats)
        ]
        for run in runs
    ]
    _grouped_bars(ax, _seat_ticks(runs), runs, series)
    for share in sorted({1 / run.job.config.num_players for run in runs}):
        ax.axhline(share, color="grey", linestyle="--", linewidth=1)
    ax.set_ylabel("win share")
    ax.set_title("Win share by seat (95 % intervals; dashed: fair share 1/P)")
    if len(runs) > 1:
        _legend(figure, ax, legend)
    return _save(figure, path)


def scores(runs: list[RunData], path: Path, legend: str) -> Path:
    """Distribution of each seat's score: a box per seat and run."""
    figure, (ax,) = _figure()
    seats = max(len(run.values.scores) for run in runs)
    width = 0.8 / len(runs)
    for r, run in enumerate(runs):
        data = [list(run.values.scores[s]) for s in range(len(run.values.scores))]
        positions = [s + (r - (len(runs) - 1) / 2) * width for s in range(len(data))]
        parts = ax.boxplot(
            data,
            positions=positions,
            widths=width * 0.9,
            patch_artist=True,
            showfliers=False,
            manage_ticks=False,
        )
        for box in parts["boxes"]:
            box.set_facecolor(COLOURS[r % len(COLOURS)])
            box.set_alpha(0.6)
        ax.plot([], [], color=COLOURS[r % len(COLOURS)], linewidth=6, label=run.short)
    ax.set_xticks(range(seats), _seat_ticks(runs))
    ax.set_ylabel("score")
    ax.set_title("Score by seat (boxes: quartiles; whiskers: 1.5 IQR)")
    if len(runs) > 1:
        _legend(figure, ax, legend)
    return _save(figure, path)


def length(runs: list[RunData], path: Path, legend: str) -> Path:
    """Distribution of game length, one outline per run (share of games)."""
    figure, (ax,) = _figure()
    low = min(min(run.values.length) for run in runs)
    high = max(max(run.values.length) for run in runs)
    step = max(1.0, (high - low) / 40)
    bins = [low - step / 2 + i * step for i in range(int((high - low) / step) + 2)]
    for r, run in enumerate(runs):
        lengths = list(run.values.length)
        ax.hist(
            lengths,
            bins=bins,
            weights=[1 / len(lengths)] * len(lengths),
            histtype="step",
            linewidth=1.5,
            color=COLOURS[r % len(COLOURS)],
            label=f"{run.short} (mean {run.summary.length.mean:.1f})",
        )
    ax.set_xlabel("game length (as the game counts it: turns, rolls)")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    _legend(figure, ax, legend)
    return _save(figure, path)


def win_by_group(runs: list[RunData], path: Path, kind: str, noun: str, legend: str) -> Path:
    """Win share per seat played for each bot or label, with intervals; over the fair share
    1/P when the runs have different player counts."""
    tables = [run.summary.win_by_bot if kind == "bot" else run.summary.win_by_label for run in runs]
    names = sorted({name for table in tables for name in table})
    relative = len({run.job.config.num_players for run in runs}) > 1
    figure, (ax,) = _figure(height=max(2.4, 0.9 + 0.35 * len(names) * max(1, len(runs)) ** 0.5))
    height = 0.8 / len(runs)
    for r, (run, table) in enumerate(zip(runs, tables, strict=True)):
        fair = 1 / run.job.config.num_players if relative else 0.0
        ys = [i + (r - (len(runs) - 1) / 2) * height for i, n in enumerate(names) if n in table]
        present = [_shift(table[n], fair) for n in names if n in table]
        ax.barh(
            ys,
            [e.mean for e in present],
            height,
            xerr=_errors(present),
            capsize=3,
            color=COLOURS[r % len(COLOURS)],
            label=run.short,
        )
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    if relative:
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_xlabel("win share per seat played − 1/P")
        ax.set_title(f"Win share by {noun} over the fair share 1/P (95 % intervals)")
    else:
        ax.axvline(1 / runs[0].job.config.num_players, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("win share per seat played")
        ax.set_title(f"Win share by {noun} (95 % intervals; dashed: fair share 1/P)")
    if len(runs) > 1:
        _legend(figure, ax, legend)
    return _save(figure, path)


def _shift(e: Estimate, by: float) -> Estimate:
    return Estimate(e.mean - by, e.low - by, e.high - by, e.n)


def seat_advantage(runs: list[RunData], path: Path, axis: str) -> Path:
    """Each seat's win share minus the fair share 1/P, per run, with intervals."""
    figure, (ax,) = _figure()
    labels = seat_labels(run.job for run in runs)
    seats = max(len(run.summary.win_by_seat) for run in runs)
    width = 0.8 / seats
    for s in range(seats):
        xs, points = [], []
        for r, run in enumerate(runs):
            if s < len(run.summary.win_by_seat):
                e = run.summary.win_by_seat[s]
                fair = 1 / run.job.config.num_players
                xs.append(r + (s - (seats - 1) / 2) * width)
                points.append(_shift(e, fair))
        ax.errorbar(
            xs,
            [p.mean for p in points],
            yerr=_errors(points),
            fmt="o",
            capsize=3,
            color=COLOURS[s % len(COLOURS)],
            label=labels[s],
        )
    ax.axhline(0, color="grey", linewidth=1)
    ax.set_xticks(range(len(runs)), [run.short for run in runs], fontsize="small")
    ax.set_xlabel(axis)
    ax.set_ylabel("win share − 1/P")
    ax.set_title("Seat advantage over the fair share (95 % intervals)")
    _legend(figure, ax)
    return _save(figure, path)


def effect(found: list[tuple[RunData, RunData, Comparison]], path: Path, axis: str) -> Path:
    """Each run against its baseline: the change in each seat's win share and in mean length,
    with the intervals of the paired differences where the runs share their seeds."""
    figure, (left, right) = _figure(height=3.8, columns=2)
    labels = seat_labels(run.job for run, _, _ in found)
    seats = len(labels)
    width = 0.8 / seats
    for s in range(seats):
        xs, diffs = [], []
        for i, (_, _, diff) in enumerate(found):
            if s < len(diff.win_share):
                xs.append(i + (s - (seats - 1) / 2) * width)
                diffs.append(diff.win_share[s])
        left.errorbar(
            xs,
            [d.mean for d in diffs],
            yerr=_errors(diffs),
            fmt="o",
            capsize=3,
            color=COLOURS[s % len(COLOURS)],
            label=labels[s],
        )
    lengths = [diff.length for _, _, diff in found]
    right.errorbar(
        range(len(found)), [d.mean for d in lengths], yerr=_errors(lengths), fmt="s", capsize=3
    )
    ticks = [f"{run.short}\nvs {base.short}" for run, base, _ in found]
    for ax, title in ((left, "Δ win share"), (right, "Δ mean length")):
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_xlim(-0.6, len(found) - 0.4)
        ax.set_xticks(range(len(found)), ticks, fontsize="small")
        ax.set_xlabel(axis)
        ax.set_title(f"{title} against the baseline", fontsize="medium")
    methods = sorted({diff.method for _, _, diff in found})
    figure.suptitle(f"95 % intervals, {'; '.join(methods)}", fontsize="small")
    _legend(figure, left)
    return _save(figure, path)
