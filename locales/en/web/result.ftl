# A finished game's result on the room page: each player's accuracy from
# the game's analysis (result.js). { $name } is a player's name, { $seat }
# a seat's name (Yellow or Blue).

# A player in the accuracy line: { $named } is "yes" when they have a name, { $you } "yes" for the one reading.
result-player = { $named ->
    [yes] { $you ->
        [yes] { $name } ({ $seat }, you)
       *[no] { $name } ({ $seat })
    }
   *[no] { $you ->
        [yes] { $seat } (you)
       *[no] { $seat }
    }
}
# The player had only forced moves: no accuracy to tell.
result-no-choice = { $player } had no choice
# { $accuracy } is a percentage, rounded.
result-player-accuracy = { $player } { $accuracy } %
# { $players } lists each player's accuracy, separated by ", ".
result-accuracy = Accuracy (rounds without a mistake): { $players } — each round in the replay
result-analysis-busy = The server is busy analysing other games: the replay's analysis can be asked for later
result-analysing = Analysing the game for each player's accuracy…
