"""Drawing grows linearly with the pieces (issue 36), counted rather than timed: the
paths a plan holds, the boxes its labeller tests, the strokes and points of a pencilled
drawing sheet, for n and 4n pieces. Also the rules that keep the largest sheets cheap:
no pieces' names where a square prints smaller than a letter, stroke points and hatch
lines a printed distance apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bigsheets import write_plants

from homestaging.core.sheet import Sheet
from homestaging.draw import labels, pencil
from homestaging.draw.drawsheet import filled_figure
from homestaging.draw.planwords import SMALLEST_NAME, names_fit
from homestaging.draw.render import plan_figure
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import check_sheet

FEW = 350


def plants(folder: Path, count: int, side: int = 80) -> Sheet:
    folder.mkdir()
    return read_sheet(write_plants(folder, count, side=side))


def plan_axes(fig: Any) -> Any:
    (ax,) = [ax for ax in fig.axes if ax.get_label() == "plan"]
    return ax


def plan_costs(plan: Sheet, monkeypatch: pytest.MonkeyPatch, paper: str | None = None
               ) -> tuple[int, int, Any]:
    """The shapes of the plan's collections (each outline of a compound path, a path
    placed at several offsets once an offset) and the box tests its labeller made."""
    tests = [0]
    overlaps = labels.overlaps

    def counted(a: labels.Box, b: labels.Box) -> bool:
        tests[0] += 1
        return overlaps(a, b)

    monkeypatch.setattr(labels, "overlaps", counted)
    checked = check_sheet(plan)
    fig = plan_figure(plan, checked.card, problems=checked.problems, paper=paper)
    monkeypatch.setattr(labels, "overlaps", overlaps)
    paths = sum(max(sum(max(1, int((path.codes == path.MOVETO).sum()))
                        if path.codes is not None else 1 for path in group.get_paths()),
                    len(group.get_offsets()))
                for group in plan_axes(fig).collections)
    return paths, tests[0], fig


def test_a_plan_holds_shapes_and_tests_boxes_in_proportion_to_its_pieces(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    few_paths, few_tests, _ = plan_costs(plants(tmp_path / "few", FEW), monkeypatch)
    many_paths, many_tests, _ = plan_costs(plants(tmp_path / "many", 4 * FEW), monkeypatch)
    assert few_paths >= FEW and few_tests >= FEW  # the pieces and their names are there
    # each letter's outline counts: past 702 pieces, unreachable pieces' letters are three
    assert many_paths <= 4.4 * few_paths
    assert many_tests <= 4.4 * few_tests


def test_a_pencilled_sheet_draws_strokes_in_proportion_to_its_pieces(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counts: list[tuple[int, int]] = []
    line = pencil.Pencil.line

    def counted(self: pencil.Pencil, points: Any, **style: Any) -> None:
        counts[-1] = (counts[-1][0] + 1, counts[-1][1] + len(points))
        line(self, points, **style)

    monkeypatch.setattr(pencil.Pencil, "line", counted)
    for count in (FEW, 4 * FEW):
        counts.append((0, 0))
        filled_figure(plants(tmp_path / str(count), count))
    (few_lines, few_points), (many_lines, many_points) = counts
    assert few_lines >= FEW
    assert many_lines <= 4.2 * few_lines and many_points <= 4.2 * few_points


def test_no_names_where_a_square_prints_smaller_than_a_letter(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert names_fit(SMALLEST_NAME) and not names_fit(SMALLEST_NAME - 0.01)
    plan = plants(tmp_path / "big", 40, side=200)
    # sized to the plan (a PNG), a square is 8.6 pt: named; on an A4 page, 2.6 pt: not
    for paper, named in ((None, True), ("a4", False)):
        _, _, fig = plan_costs(plan, monkeypatch, paper)
        words = [group for group in plan_axes(fig).collections
                 if str(group.get_gid()).startswith(("piece-label", "unreachable-mark"))]
        words += [text for text in plan_axes(fig).texts
                  if str(text.get_gid()).startswith(("piece-label", "unreachable-mark"))]
        assert bool(words) == named
        panel = [text.get_text() for ax in fig.axes if ax.get_label() == "panel"
                 for text in ax.texts]
        note = "Pieces' names and letters not written: the squares are too small"
        assert (note in panel) == (not named)


def test_pencil_points_and_hatch_lines_keep_a_printed_distance() -> None:
    import random

    from matplotlib.figure import Figure

    from homestaging.draw.piecepics import hatch_strokes

    square = frozenset({(0, 0)})
    drawn = {}
    for cell_pt in (40.0, 3.0):  # a bundled project's squares on A4; a 200 x 200 sheet's
        step = max(pencil.HATCH_STEP, pencil.HATCH_STEP_PT / cell_pt)
        hatching = hatch_strokes(square, pencil.OUTLINE_INSET, step, random.Random(0), "/")
        points = max(0.08, pencil.STROKE_STEP_PT / cell_pt)
        hand = pencil.Pencil(Figure().add_subplot(), random.Random(0), width_pt=1.0,
                             step=points)
        hand.line([(0.0, 0.0), (1.0, 0.0)], extend=False)
        stroke = [point for runs in hand.strokes.values() for run in runs for point in run]
        drawn[cell_pt] = (len(hatching), len(stroke))
    # unchanged on large squares: hatch lines 0.2 squares apart, points 0.08 apart (12
    # pieces of the stroke, each run of one pressure repeating its first point)
    assert drawn[40.0][0] == 6 and drawn[40.0][1] >= 13
    # on 3 pt squares: lines 0.5 squares apart, points 0.4 (at least 1.2 pt on paper)
    assert drawn[3.0][0] == 2 and drawn[3.0][1] <= 6


def test_a_steady_pencil_draws_each_stroke_through_its_points_pressed_one_way() -> None:
    import random

    from matplotlib.figure import Figure

    hand = pencil.Pencil(Figure().add_subplot(), random.Random(0), width_pt=1.0, step=0.4,
                         steady=True)
    hand.line([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], extend=False)
    hand.line([(2.0, 0.0), (3.0, 0.0)], extend=False)
    runs = [run for runs in hand.strokes.values() for run in runs]
    assert sorted(runs) == [[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], [(2.0, 0.0), (3.0, 0.0)]]


def test_past_many_dots_a_pencil_fills_one_path_a_shade() -> None:
    import random

    from matplotlib.figure import Figure

    for count in (pencil.MANY_SHAPES, pencil.MANY_SHAPES + 1):
        ax = Figure().add_subplot()
        hand = pencil.Pencil(ax, random.Random(0), width_pt=1.0)
        for number in range(count):
            hand.dot(number + 0.5, 0.5, 0.1)
        hand.finish()
        (dots,) = ax.collections
        shapes = [int((path.codes == path.MOVETO).sum()) if path.codes is not None else 1
                  for path in dots.get_paths()]
        assert sum(shapes) == count
        alphas = [round(float(color[3]), 2) for color in dots.get_facecolor()]
        if count > pencil.MANY_SHAPES:  # opacity 0.75 to 0.95, to 0.01: 21 shades
            assert len(shapes) == len(set(alphas)) <= 21
        else:
            assert len(shapes) == count
