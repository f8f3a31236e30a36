"""One name check everywhere a person names themself (``lopti_nb.text.clean_name``): a table's
``names``, a room's host and guests, by the API and on the room page. NFKC first, then markup
characters, direction controls, zero-width and other invisible characters are refused with a
typed error and a sentence, and nothing changes."""
from __future__ import annotations

import re

import pytest

import lopti_nb
from lopti_nb import rooms
from lopti_nb.engine import LoptiNbError, SettingsError
from lopti_nb.rooms.widget import RoomWidget
from lopti_nb.text import MAX_NAME, BadName, clean_name, esc, html, isolate

# the refusal of markup, as text or as the page's HTML shows it
MARKUP_WORDS = r"contain (<|&lt;), (>|&gt;), (&|&amp;) or"
# (kind, a name of that kind, words its refusal says)
REFUSED = [
    ("full-width <", "Ann\uff1cb\uff1e", MARKUP_WORDS),  # NFKC makes it a real <b>
    ("small form <", "\ufe64img\ufe65", MARKUP_WORDS),
    ("markup <", "<style onload=alert(1)>", MARKUP_WORDS),
    ("markup &", "Ann & Bob", MARKUP_WORDS),
    ('markup "', 'Ann "the" Bold', MARKUP_WORDS),
    ("right-to-left override", "Ann\u202egnp.exe", "direction"),
    ("left-to-right embedding", "\u202aAnn", "direction"),
    ("isolate", "\u2066Ann\u2069", "direction"),
    ("right-to-left mark", "Ann\u200f", "direction"),
    ("Arabic letter mark", "A\u061cnn", "direction"),
    ("zero-width space", "A\u200bnn", "zero-width"),
    ("zero-width joiner", "Ann\u200d", "zero-width"),
    ("word joiner", "\u2060Ann", "zero-width"),
    ("byte order mark", "\ufeffAnn", "zero-width"),
    ("control character", "Ann\x07", "control"),
    ("line break", "Ann\nBob", "control"),
]
IDS = [kind for kind, _, _ in REFUSED]


def readable(exc: BaseException, words: str) -> None:
    assert isinstance(exc, BadName) and isinstance(exc, LoptiNbError) and isinstance(exc, ValueError)
    text = str(exc)
    assert 20 <= len(text) <= 300 and text[0].isupper() and text.endswith((".", ")")), text
    assert re.search(words, text), text


def test_a_name_with_markup_is_refused_in_one_plain_sentence_that_says_what_to_leave_out():
    for name in ("Ann & Bob", "Ann\uff1cb\uff1e", 'Ann "the" Bold'):
        with pytest.raises(BadName) as info:
            clean_name(name)
        assert str(info.value) == 'A name can\'t contain <, >, & or ".'


@pytest.mark.parametrize("kind, name, words", REFUSED, ids=IDS)
def test_the_name_check_refuses(kind, name, words):
    with pytest.raises(BadName) as info:
        clean_name(name)
    readable(info.value, words)


@pytest.mark.parametrize("typed, shown", [
    ("  Ａｎｎ   Lee ", "Ann Lee"), ("O'Brien", "O'Brien"), ("Zoë", "Zoë"), ("李雷", "李雷"),
    ("a=b", "a=b"), ("ﬁona", "fiona"), ("Ann\u2003Lee", "Ann Lee"),
])
def test_the_name_check_takes_and_normalises(typed, shown):
    assert clean_name(typed) == shown


def test_the_name_check_counts_after_normalising():
    assert clean_name("Ａ" * MAX_NAME) == "A" * MAX_NAME
    with pytest.raises(BadName, match=f"at most {MAX_NAME}"):
        clean_name("x" * (MAX_NAME + 1))
    with pytest.raises(BadName, match="at most 20"):
        clean_name("x" * 21, limit=20)


@pytest.mark.parametrize("kind, name, words", REFUSED, ids=IDS)
def test_a_table_refuses_the_name(kind, name, words):
    with pytest.raises(SettingsError) as info:  # a table's names are among its settings
        lopti_nb.play("skull-king", players=2, seed=1, bot_delay=0, names=["Bob", name])
    readable(info.value, words)


def snapshot(store, code):
    meta, version, _ = store.get(code)
    return meta, version, store.log(code), store.count_rooms()


@pytest.mark.parametrize("kind, name, words", REFUSED, ids=IDS)
def test_a_room_refuses_the_name_and_nothing_changes(tmp_path, kind, name, words):
    store = rooms.open_store(tmp_path / "rooms.sqlite")
    host = rooms.create_room("Ann", players=3, store=store)
    before = snapshot(store, host.code)
    with pytest.raises(rooms.BadName) as info:
        rooms.join_room(host.code, name, store=store)
    readable(info.value, words)
    assert snapshot(store, host.code) == before
    with pytest.raises(rooms.BadName):
        rooms.create_room(name, players=3, store=store)
    assert store.count_rooms() == 1


@pytest.mark.parametrize("kind, name, words", [REFUSED[0], REFUSED[2], REFUSED[5], REFUSED[10]],
                         ids=[IDS[0], IDS[2], IDS[5], IDS[10]])
def test_the_room_page_says_why_a_name_is_refused(tmp_path, kind, name, words):
    url = str(tmp_path / "rooms.sqlite")
    host = rooms.create_room("Ann", players=3, store=url)
    before = snapshot(host.store, host.code)
    page = RoomWidget(store=url, start_timer=False, bot_pace=0)
    page.join_code.value = host.pretty_code
    page.join_name.value = name
    page.join_button.click()
    assert page.session is None and re.search(words, page.status.value), page.status.value
    assert "<style" not in page.status.value and "\u202e" not in page.status.value
    assert snapshot(host.store, host.code) == before


def test_text_goes_into_html_escaped():
    assert esc('<b a="1">&\'') == "&lt;b a=&quot;1&quot;&gt;&amp;&#x27;"
    assert esc(esc("<b>")) == "&lt;b&gt;"  # escaped text is not escaped twice
    row = html("<td>{}</td><td>{:+g}</td>", "<i>Ann</i>", 2.5)
    assert row == "<td>&lt;i&gt;Ann&lt;/i&gt;</td><td>+2.5</td>"
    assert html("<tr>{}</tr>", row) == f"<tr>{row}</tr>"  # built HTML nests as it is
    assert isolate("\u202eabc<") == "<bdi>\u202eabc&lt;</bdi>"


def test_there_is_one_escaping_helper():
    from lopti_nb.explainers import core
    from lopti_nb.widgets import base

    assert base.esc is core.esc is esc


def test_no_module_but_the_text_module_escapes_html_itself():
    """Every page's text goes through ``lopti_nb.text``: no other module of the package
    imports the standard library's ``html.escape`` (a second way to escape is a way to
    forget escaping)."""
    import ast
    from pathlib import Path

    root = Path(lopti_nb.__file__).parent
    own = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "text.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "html":
                own.append(str(path.relative_to(root)))
            elif isinstance(node, ast.Import) and any(a.name == "html" for a in node.names):
                own.append(str(path.relative_to(root)))
    assert own == []
