# `mice-cake top --bots` (client-cli/src/bots_page.rs) : la page des bots en
# tableau. Les pools gardent le nom tapé après --pool.

bots-page-none = aucun bot n’a encore joué ici : un programme joue comme tel avec mice-cake bot (docs/engines.md)
bots-page-column-name = bot
bots-page-column-engine = moteur
bots-page-column-rating = { $pool }
bots-page-column-games = parties
bots-page-no-card = —
bots-page-no-rating = —
