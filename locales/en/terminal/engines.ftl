# An outside engine run by `mice-cake bot --engine "CMD"`, and a built-in
# policy run as one (`mice-cake engine`): client-cli/src/engine_link.rs and
# engine_command.rs. Lines for whoever runs the bot, on standard error.
# $engine is the engine's name; $line an engine's line quoted back.

engine-bad-command = { $command } is not a command line an engine can be started with
engine-cannot-start = the engine { $command } cannot be started: { $error }
engine-no-handshake = the engine { $engine } did not name itself within { $seconds } s of being started
engine-wrong-protocol = the engine { $engine } speaks the engine protocol { $theirs }; this client speaks { $ours }
engine-bad-handshake = the engine { $engine } answered the handshake with { $line }, not with its name (docs/engines.md)
# Why an engine's answer was replaced (each fills $why below).
engine-late = no move within { $seconds } s
engine-illegal = { $assignment } is not legal this round: { $why }
engine-not-a-move = { $line } is not a move: { $error }
engine-wrong-round = { $line } is not for round { $round }
engine-unreadable = { $line } cannot be read: { $error }
engine-replaced = { $engine }, round { $round }: { $why }; the deadline's move { $played } is played instead
engine-second-handshake = a second handshake, not a move
engine-no-pipes = its standard input and output could not be opened
engine-output-closed = its output closed
engine-gone = the engine { $engine } is gone ({ $how }): leaving the game
engine-gave-up = the engine { $engine } cannot go on: { $message }
engine-stale = { $engine } answered a round already played: { $line } (ignored)
# `mice-cake engine`, told that its move was replaced.
engine-told-refused = round { $round }: the move was not played: { $message }
engine-cannot-read = a line that is not of the engine protocol: { $error }
# `mice-cake engine-match`: $a and $b are the engines' names; games from seed $first to $last.
engine-match-games = { $games } games between { $a } and { $b } (seeds { $first } to { $last }), { $rounds } rounds a game
# $low and $high bound the win rate, 95 % of the time; $replaced answers were late, unreadable or illegal.
engine-match-wins = { $engine }: { $wins } wins ({ $percent } %, 95 % interval { $low }–{ $high } %), { $replaced } answers replaced
