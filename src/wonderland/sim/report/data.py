"""The runs a report shows: each run folder's job, its stored games and their summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wonderland.core import RecordError, get_game
from wonderland.sim.compare import Comparison, GameFigures, compare
from wonderland.sim.job import SimJob
from wonderland.sim.store import RunDir, is_run_dir
from wonderland.sim.summary import Summary, SummaryBuilder
from wonderland.sim.sweep import Sweep, is_sweep_dir, load_sweep


@dataclass(frozen=True, slots=True)
class RunData:
    """One run: its name in the report, its job, the stored games' values and summary."""

    name: str
    path: Path
    job: SimJob
    stored: int
    values: SummaryBuilder
    summary: Summary
    games: GameFigures
    """The stored games by index and seed, for comparisons that pair them."""
    label: str = ""
    """A short name for plot ticks (a sweep point's values only); ``name`` when empty."""

    @property
    def short(self) -> str:
        """The plot label."""
        return self.label or self.name

    @property
    def complete(self) -> bool:
        """Whether every game of the job is stored."""
        return self.stored == self.job.games

    def command(self) -> str:
        """The command that reproduces this run."""
        job = self.job
        defaults = get_game(job.game).variants.defaults()
        words = [
            "wonderland simulate",
            job.game,
            f"--players {job.config.num_players}",
            f"--games {job.games}",
            f"--bots {job.bots[0] if len(set(job.bots)) == 1 else ','.join(job.bots)}",
            f"--seed {job.seed}",
        ]
        words += [
            f"--variant {name}={word(value)}"
            for name, value in job.config.variants.items()
            if value != defaults.get(name)
        ]
        if job.config.content:
            words.append(f"--content {job.config.content}")
        if job.rotate:
            words.append("--rotate-seats")
        words += [f"--engine {job.engine}", "--out DIR"]
        return " ".join(words)


def word(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def load_run(path: Path, name: str | None = None, label: str = "") -> RunData:
    """Read a run folder: every stored game, summarised."""
    run = RunDir.load(path)
    values = SummaryBuilder()
    games = GameFigures()
    for index, result in run.indexed_results():
        values.add(result)
        games.add(index, result)
    if values.games == 0:
        raise RecordError(f"{path} holds no finished game yet")
    name = name or path.name
    return RunData(name, path, run.job, values.games, values, values.build(), games, label)


@dataclass(frozen=True, slots=True)
class ReportInput:
    """What one report shows: runs side by side, and the sweep they form (if any)."""

    runs: list[RunData]
    sweep: Sweep | None = None

    @property
    def axis_title(self) -> str:
        """What the runs differ by: the sweep's axes, or ``run``."""
        return " / ".join(self.sweep.axes) if self.sweep is not None else "run"

    def pairs(self) -> list[tuple[RunData, RunData]]:
        """``(run, baseline)`` pairs whose difference is the effect of a variant.

        In a sweep each point is compared with the point that has the same player count and
        every variant axis at its first value; two runs side by side are compared directly.
        Runs with different player counts are never compared seat by seat.
        """
        if self.sweep is None:
            first = self.runs[0]
            return [
                (run, first)
                for run in self.runs[1:]
                if run.job.config.num_players == first.job.config.num_players
            ]
        by_name = {run.name: run for run in self.runs}
        found = []
        for point in self.sweep.points:
            baseline = by_name.get(self.sweep.baseline(point).name)
            current = by_name.get(point.name)
            if current is not None and baseline is not None and baseline is not current:
                found.append((current, baseline))
        return found

    def comparisons(self) -> list[tuple[RunData, RunData, Comparison]]:
        """Each of :meth:`pairs` with the run's difference from its baseline (paired over
        their shared seeds when they share any)."""
        return [(run, base, compare(run.games, base.games)) for run, base in self.pairs()]


def load_report_input(paths: list[Path]) -> ReportInput:
    """Runs from run folders, or every point of a sweep folder (given alone)."""
    if len(paths) == 1 and is_sweep_dir(paths[0]):
        sweep = load_sweep(paths[0])
        runs = [
            load_run(sweep.point_path(point), point.name, " / ".join(v for _, v in point.values))
            for point in sweep.points
            if is_run_dir(sweep.point_path(point))
        ]
        if not runs:
            raise RecordError(f"{paths[0]} holds no finished run yet")
        return ReportInput(runs, sweep)
    for path in paths:
        if is_sweep_dir(path):
            raise RecordError(f"{path} is a sweep; report it on its own")
    names = _distinct_names(paths)
    return ReportInput([load_run(path, name) for path, name in zip(paths, names, strict=True)])


def _distinct_names(paths: list[Path]) -> list[str]:
    """Folder names, made distinct with their parents when two are alike."""
    names = [p.name or str(p) for p in paths]
    if len(set(names)) == len(names):
        return names
    return [str(p) for p in paths]
