"""The view's host is declared (``lopti_nb.widgets.view.ViewHost``): every host a view is shown
in provides it, and no view reads of its host anything else but the optional members it reads
with a default."""
import ast
import pathlib

import pytest

import lopti_nb
from lopti_nb.rooms.widget import RoomViewHost
from lopti_nb.widgets.view import OPTIONAL_HOST_MEMBERS, ViewHost

PACKAGE = pathlib.Path(lopti_nb.__file__).parent
TESTS = pathlib.Path(__file__).parent.parent
DECLARED = {"act", "reason", "refresh", "state", "seat_names"}


def test_the_declared_host_is_the_protocol():
    members = {name for name in vars(ViewHost) if not name.startswith("_")} | set(ViewHost.__annotations__)
    assert members == DECLARED


class Device:
    """What a room device gives its view's host (the room's names, a redraw)."""

    def seat_names(self):
        return ["Ann", "Bob"]

    def act(self, action):
        self.acted = action

    def reason(self, action, can_act):
        return None if can_act else "not now"

    def _redraw(self):
        self.redrawn = True


@pytest.mark.timeout(60)
def test_a_table_a_replay_and_a_room_each_provide_the_host_a_view_reads():
    table = lopti_nb.play(lopti_nb.game_names()[-1], seed=2, bot_delay=0)
    assert isinstance(table, ViewHost) and table.view.table is table
    shown = lopti_nb.replay(table.state.record())
    assert isinstance(shown.board, ViewHost) and shown.board.view.table is shown.board
    room = RoomViewHost(Device())
    assert isinstance(room, ViewHost)
    assert room.seat_names == ["Ann", "Bob"] and room.reason("x", 0, False) == "not now"


def host_reads(path: pathlib.Path) -> set[str]:
    """The members of its host a module's views read: ``self.table.<name>`` (``table.<name>``
    in ``__init__``) and ``getattr(self.table, "<name>", ...)``."""
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) in ("self.table", "table"):
            names.add(node.attr)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" and len(node.args) >= 2 \
                and ast.unparse(node.args[0]) == "self.table" and isinstance(node.args[1], ast.Constant):
            names.add(node.args[1].value)
    return names


def view_modules() -> list[pathlib.Path]:
    games = sorted(PACKAGE.glob("games/*/view*.py"))
    return games + [PACKAGE / "widgets" / "view.py", PACKAGE / "rooms" / "widget.py",
                    TESTS / "plugins" / "toy_nim" / "lopti_toy_nim" / "view.py"]


def test_views_read_of_their_host_only_what_the_protocol_declares_or_lists_as_optional():
    read = {path.relative_to(PACKAGE.parent).as_posix() if PACKAGE.parent in path.parents else path.name:
            host_reads(path) for path in view_modules()}
    assert all(read.values()), read  # the scan finds what each view reads
    beyond = {where: sorted(names - DECLARED - set(OPTIONAL_HOST_MEMBERS)) for where, names in read.items()}
    assert {where: names for where, names in beyond.items() if names} == {}


def test_the_scan_of_host_reads_finds_a_read_beyond_the_protocol(tmp_path):
    module = tmp_path / "view.py"
    module.write_text("class V:\n    def f(self):\n        return self.table.viewer, getattr(self.table, 'bots', None)\n"
                      "    def __init__(self, table):\n        self.b = table.act\n")
    assert host_reads(module) == {"viewer", "bots", "act"}
