# The leaderboard at /top (leaderboard.js): a pool's best settled ratings,
# people's or bots'.

leaderboard-title = Leaderboard · Mice Cake
# $pool: a pool's name (ratings-pool-*); $whose: people or bots.
leaderboard-pool-title = { $whose ->
        [bots] Leaderboard: { $pool }, bots · Mice Cake
       *[people] Leaderboard: { $pool } · Mice Cake
    }
leaderboard-heading = Leaderboard
# $pool: what the address asked for, as it was written.
leaderboard-no-such-pool = No pool is called “{ $pool }”: choose one of these.
leaderboard-loading = Loading the leaderboard…
leaderboard-bots-only = Bots only: keys that declared a program plays them. Bots are rated among bots, never against people.
# The link from the bots' leaderboard to the bots' page (/bots): every bot, with its engine.
leaderboard-all-bots = Every bot, with its engine
leaderboard-rule = Settled ratings only, resting on games against established players: a rating marked ? is provisional, and left out until its player has played enough rated games; and a rating is listed once at least half of its games, against at least five different players, were against established players (20 rated games here over at least a week), so that no ring of new keys can put anyone here.
# $status: the HTTP status the server answered with, like 500.
leaderboard-server-answered = the server answered { $status }
leaderboard-unreachable = The server cannot be reached.
leaderboard-cannot-load = The leaderboard cannot be loaded.
# The name of the links to people's and to bots' leaderboards.
leaderboard-whose = People or bots
leaderboard-people = People
leaderboard-bots = Bots
# The name of the links to each pool's leaderboard.
leaderboard-pools = Pools
leaderboard-no-bots = No bot is listed in this pool yet.
leaderboard-nobody = Nobody is listed in this pool yet.

## The table's columns

leaderboard-rank = Rank
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Games
