#!/usr/bin/env python3
"""A Mice Cake engine in Python, standard library only (docs/engines.md).

It speaks the engine protocol on standard input and output: JSON lines,
one message a line. Each round it sends its mice after the biggest piece
it can see: for every legal move it adds up, column by column, the mice
sent times the pips of the nearest piece there (a face-down piece counts
as an average one), and plays the best (ties broken at random).

Run it as a bot:  mice-cake bot --engine "python3 pips_engine.py" play
Test it offline:  mice-cake engine-match "python3 pips_engine.py" "mice-cake engine"
"""

import json
import random
import sys

PROTOCOL = 1
AVERAGE_PIPS = 6  # the 28 pieces hold 168 pips: 6 each on average


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def pips(piece):
    """The pips of a piece written "5/6"."""
    low, high = piece.split("/")
    return int(low) + int(high)


def nearest(view, seat, column):
    """What the seat's mice meet first in `column`: a piece, "hidden", or None.
    Yellow's mice come from row 1, Blue's from row 7."""
    rows = view["board"] if seat == "yellow" else list(reversed(view["board"]))
    for row in rows:
        if row[column] is not None:
            return row[column]
    return None


def worth(view, seat, move):
    total = 0
    for column, mice in enumerate(move["mice"]):
        piece = nearest(view, seat, column)
        if mice and piece is not None:
            value = AVERAGE_PIPS if piece == "hidden" else pips(piece)
            total += mice * value
    if move.get("steal"):
        total += pips(move["steal"])
    return total


def choose(view, seat, legal):
    best = max(worth(view, seat, move) for move in legal)
    return random.choice([move for move in legal if worth(view, seat, move) == best])


def main():
    seat = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as error:
            print(f"pips: not JSON: {error}", file=sys.stderr)
            continue
        kind = message.get("type")
        if kind == "hello":
            send({"type": "engine", "protocol": PROTOCOL, "name": "pips", "version": "1.0",
                  "author": "the Mice Cake examples"})
        elif kind == "game":
            seat = message["seat"]
        elif kind == "round":
            view = message["view"]
            me = view["viewer"] if view["viewer"] in ("yellow", "blue") else seat
            send({"type": "move", "round": message["round"],
                  "assignment": choose(view, me, message["legal"])})
        elif kind == "refused":
            print(f"pips: round {message['round']} refused: {message['message']}", file=sys.stderr)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
