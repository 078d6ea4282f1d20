"""How a seat is named at every table (tui/names.py)."""

from tui.names import seat_name


def test_a_bot_says_its_kind_once():
    names = ("Ada", "Strong bot", "Easy bot 2", "Ben")
    bots = ("strong", "strong", "easy", None)
    assert [seat_name(names, bots, s) for s in range(4)] == [
        "Ada (strong bot)", "Strong bot", "Easy bot 2", "Ben"]
