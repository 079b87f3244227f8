# The bots' page at /bots (bots.js): every declared bot, with the engine
# its card names (what the bot signed of itself), its ratings among bots,
# its games and its owner's note.

bots-title = Bots · Mice Cake
bots-heading = Bots
bots-about = Programs that play here, each under a key of its own that declared a program plays it. Each one names its engine and its version itself, signed with its key; bots are rated among bots, never against people. Any program can play: see the engine protocol (docs/engines.md) and mice-cake bot --engine.
bots-loading = Loading the bots…
# $status: the HTTP status the server answered with, like 500.
bots-server-answered = the server answered { $status }
bots-unreachable = The server cannot be reached.
bots-cannot-load = The bots cannot be loaded.
bots-none = No bot has played here yet.
# The link to the bots' leaderboard (settled ratings only).
bots-leaderboard = Bots' leaderboard

## The table's columns

bots-bot = Bot
bots-engine = Engine
bots-ratings = Ratings
bots-games = Games
bots-note = Owner's note

## A bot's line

# A bot of an older client, which named no engine.
bots-no-card = not named
# $author: the engine's author, as the engine names them.
bots-by = by { $author }
bots-unrated = no rated game yet
# $pool: a pool's name (ratings-pool-*); $rating: like 1620 or 1500? (provisional).
bots-rating = { $pool }: { $rating }
