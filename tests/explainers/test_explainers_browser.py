"""The explainers served by Voila and driven in headless Chromium; screenshots go to
docs/screenshots/explainer_*.png (a step of each game in each voice, each game's goal, and
the quizzes' final scores)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_support import click, open_page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

# notebook name -> (code, script); a script step is ("click", button text),
# ("topic", option label of the topic menu) or ("shot", screenshot name)
def _quiz_to_the_end(game: str) -> list[tuple[str, str]]:
    """Answer every question of a game's quiz with its first option, then open the score."""
    from lopti_nb.explainers import steps

    items = next(s for s in steps(game) if s.kind == "quiz").make_scene().items
    script: list[tuple[str, str]] = []
    for n, item in enumerate(items):
        script.append(("click", item.options[0][0]))
        script.append(("click", "See your score \u25b6" if n == len(items) - 1 else "Next question \u25b6"))
    return script


PAGES = {
    "lopti": ('lopti_nb.explain("lopti", voice="pirate", start="seven")', [
        ("click", "Play an 8"), ("shot", "explainer_lopti_seven_pirate"),
        ("click", "Next \u25b6"), ("click", "Play a 10"), ("shot", "explainer_lopti_ten_pirate"),
        ("topic", "32. Quiz: disputes settled at the table"), ("click", "No, they simply lead"),
        ("click", "Next question \u25b6"), ("click", "Yes, and the four 9s clear the pile"),
        ("shot", "explainer_lopti_quiz_pirate"),
        ("topic", "30. A tied vote and Roshambo"), ("click", "Tie on removing a motion: who defends?"),
        ("shot", "explainer_lopti_roshambo_pirate"),
    ]),
    "lopti_plain": ('lopti_nb.explain("lopti", start="vote")', [
        ("click", "1 yes, 3 no"), ("shot", "explainer_lopti_vote_plain"),
        ("topic", "32. Quiz: the classic rulings"), *_quiz_to_the_end("lopti"),
        ("shot", "explainer_lopti_quiz_score_plain"),
        ("topic", "1. The goal: be the first out"), ("shot", "explainer_lopti_goal_plain"),
    ]),
    "lopti_comrade": ('lopti_nb.explain("lopti", voice="comrade", start="blind")', [
        ("click", "Play face-down card 1"), ("shot", "explainer_lopti_blind_comrade"),
    ]),
    "skullking": ('lopti_nb.explain("skull-king", start="mermaid")', [
        ("click", "Play a Mermaid"), ("shot", "explainer_skullking_mermaid"),
        ("topic", "16. Kraken first, then the Whale"), ("click", "Play the White Whale"),
        ("shot", "explainer_skullking_kraken_whale"),
        ("topic", "1. The goal: bid your tricks, then take exactly that many"),
        ("shot", "explainer_skullking_goal"),
        ("topic", "24. Quiz: tricks and scores"), *_quiz_to_the_end("skull-king"),
        ("shot", "explainer_skullking_quiz_score"),
    ]),
    "ledger": ('lopti_nb.explain("drowned-ledger", start="dive")', [
        # the wreck is really shuffled: flip again only if the first card left the diver down
        ("click", "Dive"), ("click if shown", "Flip again"), ("shot", "explainer_ledger_dive"),
        ("topic", "7. The Reckoning"), ("click", "The Sea Blinks"), ("shot", "explainer_ledger_reckoning"),
        ("topic", "20. Office: Lookout"), ("click", "Dive"), ("shot", "explainer_ledger_office"),
        ("topic", "1. The goal: the best salvage before the sea claims the wreck"),
        ("shot", "explainer_ledger_goal"),
        ("topic", "12. Quiz: dives, the sea and the count"), ("click", "A live hazard: the dive is caught"),
        ("shot", "explainer_ledger_quiz"),
    ]),
}


def _step(page, root, n: int, kind: str, arg: str, taken: list) -> None:
    """One scripted action on the ``n``-th explainer of the page."""
    if kind == "shot":
        page.wait_for_timeout(250)
        path = SHOTS / f"{arg}.png"
        root.screenshot(path=str(path))
        taken.append(path)
    elif kind == "topic":
        number = int(arg.split(".", 1)[0])
        root.locator("select").first.select_option(label=arg)
        page.wait_for_function(
            "([n, t]) => document.querySelectorAll('.lnb-explainer')[n].innerText.includes(t)",
            arg=[n, f"Step {number} of"], timeout=20_000)
        page.wait_for_timeout(400)  # the rest of the step's widgets follow the counter
    else:
        if kind == "click if shown" and not root.locator("button:visible", has_text=arg).count():
            return
        seq = ("([n]) => { const v = document.querySelectorAll('.lnb-explainer')[n]"
               ".querySelector('.lnb-x-verdict'); return v ? Number(v.dataset.seq) : 0; }")
        step_of = "([n]) => (document.querySelectorAll('.lnb-explainer')[n].innerText.match(/Step \\d+ of/) || [''])[0]"
        before = page.evaluate(seq, [n])
        where = page.evaluate(step_of, [n])
        click(root, arg, timeout=20)
        if arg in ("Next \u25b6", "\u25c0 Back"):
            page.wait_for_function(f"([n, old]) => ({step_of})([n]) !== old", arg=[n, where], timeout=20_000)
        elif arg.startswith("See your score"):
            page.wait_for_function(
                "([n]) => document.querySelectorAll('.lnb-explainer')[n].innerText.includes('right on the first try')",
                arg=[n], timeout=20_000)
        elif not arg.startswith("Next"):
            # the engine's answer replaces the verdict in place, with the next number
            page.wait_for_function(f"([n, old]) => ({seq})([n]) > old", arg=[n, before], timeout=20_000)
        page.wait_for_timeout(300)


@pytest.mark.browser
def test_explainers_in_voila_and_chromium(browser, notebook_server, tmp_path):
    url = notebook_server.serve("explainers", ["import lopti_nb"] + [code for code, _ in PAGES.values()])
    SHOTS.mkdir(parents=True, exist_ok=True)
    taken = []
    t0 = time.time()
    page, _ = open_page(browser, url, 1100, 1500, timeout=90)
    try:
        page.wait_for_function("[...document.querySelectorAll('.lnb-explainer')].filter(e => e.querySelector('.lnb-x-box')).length >= "
                               + str(len(PAGES)), timeout=90_000)
        print("page ready", round(time.time() - t0, 1), "s")
        for n, (name, (_, script)) in enumerate(PAGES.items()):
            root = page.locator(".lnb-explainer").nth(n)
            for kind, arg in script:
                try:
                    _step(page, root, n, kind, arg, taken)
                except Exception:
                    root.screenshot(path=str(tmp_path / f"failed_{name}.png"))
                    raise
            if name == "lopti_plain":  # ends on the goal step, where nothing is tried yet
                assert "Your aim is to be the first" in root.inner_text()
            elif name == "skullking":  # ends on the quiz's score, where no answer is shown
                assert "right on the first try" in root.inner_text()
            else:
                assert len(root.locator(".lnb-x-verdict").first.inner_text()) > 10
        print("scripts done", round(time.time() - t0, 1), "s")
    finally:
        page.close()
    shots = sum(1 for _, script in PAGES.values() for kind, _ in script if kind == "shot")
    assert len(taken) == shots and all(p.stat().st_size > 10_000 for p in taken)
