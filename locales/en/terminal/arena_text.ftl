# Arenas in words (client-cli/src/arena_text.rs, `mice-cake arena …`): the
# list, the standings between games, a pairing, a pause, the podium.
# Arena ids, room codes, names and commands (pause, join, q) are never
# translated.

# $countdown is a clock's time, like 2:05.
arena-starts-in = starts in { $countdown }
# $left is a clock's time, like 2:05.
arena-live = live, { $left } left
arena-ending = ending: the last games are being played
arena-finished = finished
# An arena in a line: its id, name, status (arena-starts-in, …), players and games, its pool (text-pool), rated or not, a club's (only with its join code).
arena-header =
    arena { $id } "{ $name }": { $status }; { $players } players, { $games } games; { $pool }, { $rated ->
        [yes] rated
       *[no] casual
    }{ $club ->
        [yes] , club (join code)
       *[no] {""}
    }

## The standings

# The standings' column headings: short words, they head columns of numbers.
arena-column-rank = rank
arena-column-name = name
arena-column-score = score
arena-column-games = games
arena-column-wins = wins
# Marks after a player's line: on a streak (a win counts double), paused.
arena-mark-streak = on a streak
arena-mark-paused = paused
arena-nobody-yet = nobody has joined yet
# The game shown on the arena's page; the command to watch it is never translated.
arena-featured = featured: { $yellow } vs { $blue } in room { $code } (mice-cake watch { $code })
# A finished arena's first three ($rank is 1, 2 or 3).
arena-podium =
    { $rank ->
        [1] first
        [2] second
       *[other] third
    }: { $name } with { $score } points in { $games } games
# The command is never translated.
arena-none-yet = no arena yet: make one with mice-cake arena create --minutes 30

## Joined, paired, paused, left

arena-over-placed = the arena is over: you placed { $rank } of { $players } with { $score } points in { $games } games
arena-over = the arena is over
# pause and join are words the player types: never translated.
arena-you-are-in = you are in (rank { $rank } of { $players }): you are paired as soon as you are free; type pause to stop, join to come back
# q is the key that leaves: never translated.
arena-watching = watching the standings (q leaves)
# Paired for the next game: $badge is [BOT] after a bot's name or nothing; $streak says a win counts double.
arena-paired =
    paired with { $opponent }{ $badge } in room { $code } (you: rank { $rank }, { $score } points{ $streak ->
        [yes] , on a streak: a win counts double
       *[no] {""}
    })
# Why the player is not paired until they join again (join: a word typed, never translated).
arena-paused =
    not paired in arena { $arena }: { $cause ->
        [paused] you paused: join again to be paired
        [over] the arena is over
        [replaced] you joined this arena from another connection
        [called_off] the game was called off
       *[deal_not_sealed] you did not seal your deal in time: join again to be paired
    }
arena-left = left arena { $arena }
