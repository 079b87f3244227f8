# `mice-cake top --bots` (client-cli/src/bots_page.rs): the bots' page as a
# table. Pools are named as typed after --pool: never translated here.

bots-page-none = no bot has played here yet: a program plays as one with mice-cake bot (docs/engines.md)
# The column headings: short words over names and numbers ($pool: the pool the ratings are of).
bots-page-column-name = bot
bots-page-column-engine = engine
bots-page-column-rating = { $pool }
bots-page-column-games = games
# A bot that sent no card (an older client): no engine known.
bots-page-no-card = —
# No rated game in the pool.
bots-page-no-rating = —
