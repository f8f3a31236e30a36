"""Chart builders of lopti_nb.analysis: each spec uses the intended fields and encodings, has
titles and tooltips, uses colour-blind-safe colours, and draws marks (SVG via vl-convert)."""
from __future__ import annotations

import re

import pandas as pd
import pytest

import lopti_nb.analysis as A
from lopti_nb.games.ledger import studies as LG
from lopti_nb.games.lopti import studies as LS
from lopti_nb.games.skullking import studies as SK
from lopti_nb.analysis import charts as C
from lopti_nb.analysis import frames as F


def encodings(spec) -> list[tuple[str, dict]]:
    """Every (channel, definition) in a (possibly layered/faceted) Vega-Lite spec."""
    out = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "encoding" and isinstance(value, dict):
                out.extend(value.items())
            else:
                out.extend(encodings(value))
    elif isinstance(spec, list):
        for item in spec:
            out.extend(encodings(item))
    return out


def fields(spec) -> dict[str, set[str]]:
    """channel -> set of "field:type" it encodes."""
    found: dict[str, set[str]] = {}
    for channel, d in encodings(spec):
        for item in (d if isinstance(d, list) else [d]):
            if isinstance(item, dict) and "field" in item:
                found.setdefault(channel, set()).add(
                    f"{item['field']}:{item['type']}" if "type" in item else item["field"])
    return found


def titles(spec) -> list[str]:
    out = []
    for _, d in encodings(spec):
        if isinstance(d, dict) and isinstance(d.get("title"), str):
            out.append(d["title"])
    return out


def check_common(chart, x: str, y: str, color: str | None = None) -> dict:
    spec = chart.to_dict()
    f = fields(spec)
    assert x in f.get("x", set()) | f.get("y", set()), (x, f)
    assert y in f.get("y", set()) | f.get("x", set()) | f.get("y2", set()), (y, f)
    if color:
        assert color in f["color"], (color, f.get("color"))
    assert "tooltip" in f and len(f["tooltip"]) >= 3
    assert spec.get("title"), "the chart has a title"
    assert any(t for t in titles(spec)), "axes are titled"
    text = str(spec)
    # colour-blind safe: named categorical schemes are not used; Okabe-Ito range or viridis
    assert "tableau" not in text and "category10" not in text and "category20" not in text
    assert C.OKABE_ITO[0] in text or "viridis" in text
    return spec


def painted_marks(svg: str) -> int:
    """Mark items (bars, lines, points, rules, texts) that are painted: inside a mark group
    (not an axis, legend or title) and with a fill or stroke. A bar whose colour scale does
    not match its data has neither, and draws nothing."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    count = 0

    def walk(node, in_mark: bool, in_guide: bool):
        nonlocal count
        cls = node.get("class", "")
        guide = in_guide or any(r in cls for r in ("role-axis", "role-legend", "role-title"))
        mark = in_mark or ("role-mark" in cls)
        tag = node.tag.rsplit("}", 1)[-1]
        if mark and not guide and tag in ("path", "line", "text", "rect", "circle"):
            paint = [node.get("fill"), node.get("stroke")]
            if any(p not in (None, "none", "transparent") for p in paint) or tag == "text":
                count += 1
        for child in node:
            walk(child, mark, guide)

    walk(root, False, False)
    return count


def drawn(chart, at_least: int = 5) -> str:
    svg = A.svg_text(chart)
    assert svg.startswith("<svg")
    n = painted_marks(svg)
    assert n >= at_least, f"only {n} painted marks"
    return svg


def test_numeric_colour_fields_are_painted():
    # players is an integer column: the colour domain must keep ints, or no bar is painted
    df = pd.DataFrame({"players": [2] * 5 + [3] * 5, "length": range(10)})
    chart = C.histogram_chart(F.histogram_frame(df, "length", by="players", bins=5), color="players")
    assert painted_marks(A.svg_text(chart)) >= 6


@pytest.fixture(scope="module")
def sk():
    return F.play_games("skull-king", 6, seed=1, bots=["heuristic", "random"] * 2, rotate=True,
                        tables=["seats", "rounds"])


def test_histogram_chart(sk):
    h = F.histogram_frame(sk["seats"], "score", by=["scoring", "bot"], bins=10)
    chart = C.histogram_chart(h, color="bot", column="scoring", title="Scores", x_title="Final score")
    spec = check_common(chart, "bin_start:quantitative", "share:quantitative", "bot:nominal")
    assert "bin_end" in fields(spec)["x2"]
    assert spec["facet"]["field"] == "scoring"
    drawn(chart)


def test_box_chart(sk):
    s = F.distribution_summary(sk["rounds"], "points", ["round", "bot"])
    chart = C.box_chart(s, x="round", color="bot", title="Points", y_title="Points")
    spec = check_common(chart, "round:ordinal", "p05:quantitative", "bot:nominal")
    f = fields(spec)
    assert {"q1:quantitative", "median:quantitative", "mean:quantitative"} <= f["y"]
    assert {"p95", "q3"} <= f["y2"]
    assert "bot:nominal" in f["xOffset"]
    drawn(chart)


def test_box_chart_coloured_by_its_own_x_draws_one_centred_box_and_no_legend():
    """Coloured by the groups its x already names, a box chart draws each group's box in the
    middle of its place (no offset within it), the width asked for, and no legend if told."""
    summary = F.distribution_summary(pd.DataFrame({"seat": ["seat 1"] * 3 + ["seat 2"] * 3,
                                                   "score": [1, 2, 3, 2, 4, 6]}), "score", by="seat")
    spec = C.box_chart(summary, x="seat", color="seat", width=333, legend=False).to_dict()
    assert "xOffset" not in fields(spec) and "seat:nominal" in fields(spec)["color"]
    assert all(d.get("legend", "absent") is None for channel, d in encodings(spec) if channel == "color")
    assert spec["width"] == 333


def test_rate_chart(sk):
    hits = SK.hit_rate_frame(sk["rounds"])
    chart = C.rate_chart(hits, x="round", y="hit_rate", color="bot", title="Hits")
    spec = check_common(chart, "round:ordinal", "hit_rate:quantitative", "bot:nominal")
    f = fields(spec)
    assert "lower:quantitative" in f["y"] and "upper" in f["y2"]
    drawn(chart)


def test_mean_chart(sk):
    e = F.setting_effect_frame(sk["seats"], ["bot"], values=("score", "bonus"))
    chart = C.mean_chart(e, x="setting", column="measure", title="Means")
    spec = check_common(chart, "setting:nominal", "mean:quantitative", "setting:nominal")
    assert spec["facet"]["field"] == "measure"
    assert spec["resolve"]["scale"]["y"] == "independent"
    drawn(chart)


@pytest.fixture(scope="module")
def risk_frames():
    exact = LG.catch_probability_frame(range(1, 10), range(1, 5))
    sim = LG.simulated_catch_frame(range(1, 10), range(1, 5), dives=30, seed=0)
    x = LG.dive_expectation_frame(range(1, 10), range(1, 6))
    return exact, sim, x


def test_heatmap_chart(risk_frames):
    exact = risk_frames[0]
    chart = C.heatmap_chart(exact, x="target", y="sea", value="catch_probability", title="Risk")
    spec = check_common(chart, "target:ordinal", "sea:ordinal")
    assert "catch_probability:quantitative" in fields(spec)["color"]
    assert "viridis" in str(spec)
    drawn(chart)


def test_catch_curve_chart(risk_frames):
    chart = LG.catch_curve_chart(risk_frames[0])
    spec = check_common(chart, "sea:ordinal", "catch_probability:quantitative", "target:ordinal")
    drawn(chart)


def test_overlay_chart(risk_frames):
    exact, sim, _ = risk_frames
    chart = LG.overlay_chart(LG.catch_overlay_frame(exact, sim))
    spec = check_common(chart, "sea:quantitative", "catch_probability:quantitative", "target:ordinal")
    f = fields(spec)
    assert {"simulated:quantitative", "lower:quantitative"} <= f["y"] and "upper" in f["y2"]
    marks = {layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"] for layer in spec["layer"]}
    assert marks == {"area", "line", "point"}
    drawn(chart)


def test_expectation_chart(risk_frames):
    chart = LG.expectation_chart(risk_frames[2])
    spec = check_common(chart, "target:ordinal", "machines:quantitative", "sea:ordinal")
    assert spec["facet"]["field"] == "measure"
    drawn(chart)


def test_best_target_chart(risk_frames):
    best = LG.best_target_frame(risk_frames[2], range(1, 6))
    chart = LG.best_target_chart(best)
    spec = check_common(chart, "hold_limit:ordinal", "sea:ordinal")
    f = fields(spec)
    assert "best_target:ordinal" in f["color"] and "best_target:quantitative" in f["text"]
    drawn(chart)


@pytest.fixture(scope="module")
def ledger():
    bots = ["balanced", "seller", "opener", "greedy"]
    a = F.play_games("drowned-ledger", 12, seed=0, bots=bots, rotate=True, tables=["seats"])["seats"]
    b = F.play_games("drowned-ledger", 4, seed=1, bots=bots, rotate=True, hold_limit=6, tables=["seats"])["seats"]
    return a, pd.concat([a, b], ignore_index=True)


def test_office_balance_chart(ledger):
    chart = LG.office_balance_chart(LG.office_balance_frame(ledger[0]))
    spec = check_common(chart, "office:nominal", "win_rate:quantitative", "verdict:nominal")
    assert "mean:quantitative" in fields(spec)["y"] and "high" in fields(spec)["y2"]
    drawn(chart)


def test_lever_chart(ledger):
    lv = F.lever_frame(ledger[1], {"hold_limit": 4, "sea_start": 3})
    chart = C.lever_chart(lv)
    spec = check_common(chart, "value:nominal", "mean_score:quantitative", "bot:nominal")
    assert spec["facet"]["field"] == "lever"
    assert spec["resolve"]["scale"]["x"] == "independent"
    drawn(chart)
    chart = C.lever_chart(lv, y="win_rate", y_title="Win rate")
    check_common(chart, "value:nominal", "win_rate:quantitative", "bot:nominal")


@pytest.fixture(scope="module")
def lopti():
    parts = [F.play_games("lopti", 3, seed=d, players=2, dealer=d, tables=["seats", "games"]) for d in range(2)]
    seats = pd.concat([p["seats"].assign(cell=i) for i, p in enumerate(parts)], ignore_index=True)
    games = pd.concat([p["games"].assign(cell=i) for i, p in enumerate(parts)], ignore_index=True)
    return seats, games


def test_seat_advantage_chart(lopti):
    chart = LS.seat_advantage_chart(LS.seat_advantage_frame(lopti[0]))
    spec = check_common(chart, "place:ordinal", "win_rate:quantitative", "players:ordinal")
    assert "fair:quantitative" in fields(spec)["y"]
    assert spec["facet"]["field"] == "position"
    drawn(chart)


def test_duty_chart(lopti):
    chart = LS.duty_chart(LS.duty_frame(lopti[1]))
    spec = check_common(chart, "players:ordinal", "rate:quantitative", "measure:nominal")
    assert "measure:nominal" in fields(spec)["xOffset"]
    drawn(chart)


def test_motion_effect_chart():
    df = pd.DataFrame({"motion": ["a", "b", "c"] * 4, "extra_turns": [1, -2, 0, 3, -1, 0, 2, -3, 0, 1, -2, 0]})
    chart = LS.motion_effect_chart(F.distribution_summary(df, "extra_turns", "motion"))
    spec = check_common(chart, "mean:quantitative", "motion:nominal", "direction:nominal")
    drawn(chart)


def test_show_returns_live_or_static_charts(monkeypatch, risk_frames):
    chart = LG.catch_curve_chart(risk_frames[0])
    monkeypatch.setenv("LOPTI_NB_STATIC_CHARTS", "1")
    out = A.show(chart)
    assert type(out).__name__ == "SVG" and "<svg" in out.data
    live = A.show(chart, static=False)
    import altair as alt

    assert isinstance(live, alt.JupyterChart)
    assert live.embed_options == {"renderer": "svg"}
    # live: no background of its own and text in the page's text colour (the theme's), also
    # for a chart given later; a picture: black ink on white, wherever it is shown
    config = live.spec["config"]
    assert config["background"] == "transparent" and config["axis"]["labelColor"] == "currentColor"
    live.chart = A.histogram_chart(F.histogram_frame(pd.DataFrame({"v": [1, 2, 2, 3]}), "v"))
    assert live.spec["config"]["title"]["color"] == "currentColor"
    assert 'fill="white"' in out.data and "currentColor" not in out.data
    # what a chart configures itself still wins over the common look
    own = C.styled(chart.configure_axis(labelColor="red"), "transparent").to_dict()["config"]
    assert own["axis"]["labelColor"] == "red" and own["axis"]["gridColor"] == "currentColor"
    # outside a kernel the analysis module does not fail on import and show() falls back to SVG
    monkeypatch.delenv("LOPTI_NB_STATIC_CHARTS")
    assert A.static_charts() is True


def test_lazy_names_match_the_modules():
    import subprocess
    import sys

    from lopti_nb.analysis import display

    assert sorted(A.CHART_NAMES) == sorted(C.__all__)
    assert sorted(A.DISPLAY_NAMES) == sorted(display.__all__)
    # playing games (what sweep workers do) does not import Altair
    code = "import sys, lopti_nb.analysis as A; A.play_games('lopti', 1); print('altair' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
