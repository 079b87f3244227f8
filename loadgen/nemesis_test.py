"""How the nemesis reads a client's log into games (`loadgen/nemesis.py`,
`Client.games`), checked on the logs of the case that once misled it: a
player of a match kept away by a fault while the match's next game started
(its colour changed), who came back into that game. Run by the e2e test
`load::the_nemesis_reads_a_game_begun_while_its_player_was_away`, or
`python3 loadgen/nemesis_test.py`."""

import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("nemesis", os.path.join(HERE, "nemesis.py"))
nemesis = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(nemesis)


def joined(seat, status, game, players):
    return {"type": "joined", "seat": seat,
            "state": {"status": status, "game": game, "you": seat,
                      "players": {colour: {"name": name} for colour, name in players.items()}}}


def event(kind, **fields):
    return {"type": "event", "event": {"kind": kind, **fields}}


def game_over(game_id):
    return event("game_over", game_id=game_id, result={"ending": {"kind": "played"}})


def sealed(round_number, seat, seal):
    return event("sealed", round=round_number, seat=seat, seal=seal, by_server=False)


def client_with(messages):
    """A client that wrote `messages`, read as the nemesis reads one."""
    client = nemesis.Client.__new__(nemesis.Client)
    client.name = "g10"
    client.lines = [(index, message) for index, message in enumerate(messages)]
    return client


def seat_of(client, played):
    """The seat the nemesis checks `played`'s seals for."""
    return nemesis.Run.seat_in(client, played)


FIRST = {"yellow": "g8 (random bot)", "blue": "g10 (greedy bot)"}
SECOND = {"yellow": "g10 (greedy bot)", "blue": "g8 (random bot)"}


class GamesOfAClient(unittest.TestCase):
    def test_a_game_begun_while_the_player_was_away_is_a_game_of_its_own_in_its_new_seat(self):
        client = client_with([
            joined("blue", "waiting", 0, FIRST),
            event("game_started", game=1, players={colour: {"name": name} for colour, name in FIRST.items()}),
            sealed(0, "blue", "first-deal"),
            sealed(1, "blue", "first-round"),
            game_over("first"),
            # The node is killed; the match's second game starts meanwhile.
            joined("yellow", "playing", 2, SECOND),
            sealed(0, "yellow", "second-deal"),
            sealed(1, "yellow", "second-round"),
            game_over("second"),
        ])
        games = client.games()
        self.assertEqual([played["game_over"][-1]["game_id"] for played in games], ["first", "second"])
        self.assertEqual([seat_of(client, played) for played in games], ["blue", "yellow"])
        self.assertEqual([[each["seal"] for each in played["sealed"]] for played in games],
                         [["first-deal", "first-round"], ["second-deal", "second-round"]])

    def test_coming_back_into_the_same_game_does_not_split_it(self):
        client = client_with([
            joined("blue", "waiting", 0, FIRST),
            event("game_started", game=1, players={colour: {"name": name} for colour, name in FIRST.items()}),
            sealed(1, "blue", "before"),
            joined("blue", "playing", 1, FIRST),
            sealed(2, "blue", "after"),
            game_over("only"),
        ])
        games = client.games()
        self.assertEqual(len(games), 1)
        self.assertEqual([each["seal"] for each in games[0]["sealed"]], ["before", "after"])
        self.assertEqual(seat_of(client, games[0]), "blue")


if __name__ == "__main__":
    unittest.main()
