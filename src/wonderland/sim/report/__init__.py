"""Balance reports: ``report.html`` with PNG plots for one run, runs side by side, or a sweep."""

from __future__ import annotations

from pathlib import Path

from wonderland.sim.report import plots
from wonderland.sim.report.data import ReportInput, RunData, load_report_input
from wonderland.sim.report.page import write_page
from wonderland.sim.summary import label_noun

__all__ = ["ReportInput", "RunData", "load_report_input", "write_report"]


def write_report(
    paths: list[Path], page: Path | None = None, data: ReportInput | None = None
) -> Path:
    """Write the report of the run or sweep folders ``paths`` and return the page's path.

    The page goes to ``page`` (default ``report.html`` in the first folder), its plots into
    ``<page stem>_plots/`` beside it.  ``data`` is what ``load_report_input(paths)`` gives,
    when the caller has read it already.
    """
    data = data if data is not None else load_report_input(paths)
    page = page if page is not None else paths[0] / "report.html"
    folder = page.parent / f"{page.stem}_plots"
    runs, axis = data.runs, data.axis_title
    made = {
        "win_by_seat": plots.win_by_seat(runs, folder / "win_by_seat.png", axis),
        "scores": plots.scores(runs, folder / "scores.png", axis),
        "length": plots.length(runs, folder / "length.png", axis),
        "bot": plots.win_by_group(runs, folder / "win_by_bot.png", "bot", "bot", axis),
    }
    if any(run.summary.win_by_label for run in runs):
        noun = label_noun(runs[0].job.game)
        made["label"] = plots.win_by_group(runs, folder / f"win_by_{noun}.png", "label", noun, axis)
    if len(runs) > 1:
        made["advantage"] = plots.seat_advantage(runs, folder / "seat_advantage.png", axis)
    found = data.comparisons()
    if found:
        made["effect"] = plots.effect(found, folder / "effect.png", axis)
    return write_page(data, page, made, found)
