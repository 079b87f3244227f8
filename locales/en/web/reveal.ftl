# What screen readers are told of a round's reveal (reveals.js). { $seat }
# is a seat's name (Yellow or Blue), { $piece } a piece as written ("3/5"),
# never translated.

# { $assignments } is both moves: "Round 3: Yellow A2 C2 · Blue B4".
reveal-dice-roll = { $assignments }. The dice roll.

## What each player took in the round, listed in { $taken }, separated by ", "

reveal-takes = { $seat } takes { $piece }
reveal-steals = { $seat } steals { $piece }
# A boost's mice took the piece.
reveal-boosts-to = { $seat } boosts to { $piece }
# Both players stole the other's piece with the double-blank: they exchange them.
reveal-steals-exchange = two steals exchange
reveal-taken = Round { $round }: { $taken }.
reveal-nothing-taken = Round { $round }: nothing taken.

##

# Without the dice shown (reduced motion): { $yellow }, { $blue } are the moves ("A2 C2", or "nothing"), { $taken } the sentence above.
reveal-revealed = Round { $round } revealed: Yellow { $yellow }, Blue { $blue }. { $taken }
