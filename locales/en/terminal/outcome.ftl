# What the client says as it ends (client-cli/src/outcome.rs): the games
# that ended, a game left, why it failed or stopped.

# $outcome is how the game ended (text-outcome-*).
outcome-game-over = Game { $number } over: { $outcome }
# How to replay a game: a command line, never translated.
outcome-replay = Replay: mice-cake replay { $id }
outcome-left = You left game { $game } of room { $code } before its end: you forfeit it.
# Why the client could not do what was asked, after its name.
outcome-failed = mice-cake: { $reason }
# A signal ($signal, like SIGTERM) stopped the client.
outcome-stopped = mice-cake: stopped by { $signal }
outcome-stopped-seat-kept = mice-cake: stopped by { $signal }; your seat in room { $code } is kept for a while: mice-cake resume { $code }
