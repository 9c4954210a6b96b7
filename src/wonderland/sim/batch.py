"""Running a simulation job end to end: chunks on a backend, output stored, summary built."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonderland.bots import make_bot
from wonderland.core import ConfigError, get_game
from wonderland.sim.backends import backend_session, check_backend, run_chunks
from wonderland.sim.deps import require_pyarrow
from wonderland.sim.fast import ENGINES, EngineChoice, check_fast_job, choose_engine, chunk_limits
from wonderland.sim.job import MAX_CHUNK, Chunk, SimJob, auto_chunk_size, play_chunk, split
from wonderland.sim.rows import chunk_table
from wonderland.sim.store import RunDir, is_run_dir
from wonderland.sim.summary import Summary, SummaryBuilder, label_noun, summarize

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """A finished run: its summary and how many games were played now or found stored."""

    job: SimJob
    summary: Summary
    played: int
    already_done: int


def summary_header(job: SimJob, engine_reason: str | None = None) -> dict[str, Any]:
    """What was simulated: enough to repeat the run exactly (and why it ran on its engine)."""
    header: dict[str, Any] = {
        "game": job.game,
        "players": job.config.num_players,
        "variants": dict(job.config.variants),
        "content": job.config.content,
        "bots": list(job.bots),
        "seed": job.seed,
        "rotate_seats": job.rotate,
        "label": label_noun(job.game),
        "engine": job.engine,
        "seeding": "game i is seeded with derive_seed(seed, i)",
    }
    if engine_reason is not None:
        header["engine_reason"] = engine_reason
    if job.engine != "plain":
        header["seeding"] = "game i draws from game_key(seed, i) of the compiled engine"
    return header


def pick_engine(
    jobs: Iterable[SimJob],
    asked: str,
    *,
    keep_records: bool = False,
    outs: Iterable[Path | None] = (),
) -> tuple[EngineChoice, list[SimJob]]:
    """The engine ``--engine asked`` means for ``jobs`` (see ``fast.choose_engine``), and the
    jobs on it.  Under ``auto`` a run already stored in one of ``outs`` (the jobs' output
    folders) keeps the engine it was played on, so that resuming never mixes two engines (the
    reason then names the folder when a new run would have taken the other engine); a folder
    of the earlier format, which names no engine, holds a plain run.  Jobs the compiled
    engine cannot play are refused here, before any trial game of the plain engine."""
    jobs = list(jobs)
    stored = None
    for out in outs:
        if out is not None and is_run_dir(out):
            engine = RunDir.load(out).job.engine
            stored = EngineChoice(engine, f"the run in {out} was played on it")
            break
    choice = choose_engine(jobs, asked, keep_records, stored)
    picked = [choice.apply(job) for job in jobs]
    if choice.engine == "fast":
        for job in picked:
            check_fast_job(job, keep_records)
    return choice, picked


def check_job(job: SimJob, keep_records: bool = False) -> float | None:
    """ConfigError for a job that cannot run (no games, unknown bots or bot options, wrong
    seat count, an engine that cannot play it), raised before anything is written. On the
    plain engine its game 0 is played as a trial: the CPU seconds that took (a run's size
    is measured on it too)."""
    if job.engine not in ENGINES:
        raise ConfigError(f"unknown engine {job.engine!r}; choose from: {', '.join(ENGINES)}")
    if job.engine == "fast":
        check_fast_job(job, keep_records)
    if job.games < 1:
        raise ConfigError("--games must be at least 1")
    if len(job.bots) != job.config.num_players:
        raise ConfigError(f"{len(job.bots)} bots for {job.config.num_players} players")
    for spec in sorted(set(job.bots)):  # ``NAME[:OPTIONS]``; the options are the runner's
        make_bot(spec.partition(":")[0], job.game, 0)
    if job.engine != "plain":  # the fast engine's checks need no trial game (nor numba here)
        return None
    start = time.process_time()
    play_chunk(job, 0, 1)  # one trial game checks whatever else the game's runner reads
    return time.process_time() - start


def run_simulation(
    job: SimJob,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
    chunk_size: int | None = None,
    record_dir: Path | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_progress: Progress | None = None,
    engine_reason: str | None = None,
    checked: bool = False,
) -> RunOutcome:
    """Play ``job`` and summarise it (``checked``: :func:`check_job` passed it already).

    With ``out``, each finished chunk is stored as a Parquet part, games already stored there
    are skipped (resume), ``summary.json`` is written, and the summary covers every stored
    game.  ``on_start(total, already_done)`` is called once before the first game;
    ``engine_reason`` (why the job runs on its engine) goes into ``summary.json``.
    """
    if not checked:
        check_job(job, keep_records=record_dir is not None)
    check_backend(workers, backend, address)
    if out is not None:
        require_pyarrow()
    if chunk_size is not None and chunk_size < 1:
        raise ConfigError("--chunk-size must be at least 1")
    rules_version = get_game(job.game).spec.version
    with backend_session(backend, workers, address):  # a cluster is reached before any write
        store = RunDir.open(out, job, rules_version) if out is not None else None
        todo = store.missing() if store is not None else [(0, job.games)]
        remaining = sum(stop - start for start, stop in todo)
        already = job.games - remaining
        # without per-game output, fast chunks come back as tallies: far larger chunks
        summary_only = store is None and record_dir is None and job.engine == "fast"
        size = chunk_size or auto_chunk_size(remaining, workers, _largest_chunk(job, summary_only))
        if on_start is not None:
            on_start(job.games, already)
        builder = SummaryBuilder() if store is None else None
        for chunk in run_chunks(
            job,
            list(split(todo, size)),
            workers=workers,
            backend=backend,
            address=address,
            keep_records=record_dir is not None,
            summary_only=summary_only,
        ):
            if store is not None:
                store.write_part(chunk.start, chunk.stop, chunk_table(job, chunk, rules_version))
            if builder is not None:
                _add_chunk(builder, chunk)
            if record_dir is not None:
                save_records(job, chunk, record_dir)
            if on_progress is not None:
                on_progress(chunk.stop - chunk.start)
        summary = _summary(job, store, builder, engine_reason)
        return RunOutcome(job, summary, remaining, already)


def _summary(
    job: SimJob, store: RunDir | None, builder: SummaryBuilder | None, engine_reason: str | None
) -> Summary:
    """The run's summary: built as it went, or from every game stored (then saved there)."""
    if store is None:
        assert builder is not None
        return builder.build()
    summary = summarize(store.results())
    store.write_summary({**summary_header(job, engine_reason), **summary.to_json()})
    return summary


def _largest_chunk(job: SimJob, summary_only: bool) -> int:
    """The most games one chunk may hold: the fast engine's tallies allow far more."""
    if job.engine != "fast":
        return MAX_CHUNK
    rows_chunk, tally_chunk = chunk_limits(job.game)
    return tally_chunk if summary_only else rows_chunk


def _add_chunk(builder: SummaryBuilder, chunk: Chunk) -> None:
    """Add a finished chunk (a tally, columns or games) to the running summary."""
    if chunk.tally is not None:
        builder.add_tally(chunk.tally)
    if chunk.columns is not None:
        builder.add_columns(chunk.columns)
    for result in chunk.results:
        builder.add(result)


def save_records(job: SimJob, chunk: Chunk, folder: Path) -> None:
    """One replayable JSON record per game, named by the game's index."""
    for index, result in enumerate(chunk.results, start=chunk.start):
        if result.record is not None:
            result.record.save(folder / f"{job.game}-{index:06d}.json")
