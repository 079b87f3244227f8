# `mice-cake top --bots` (client-cli/src/bots_page.rs): la página de los bots
# como tabla. Los pools conservan el nombre escrito tras --pool.

bots-page-none = ningún bot ha jugado aquí todavía: un programa juega como bot con mice-cake bot (docs/engines.md)
bots-page-column-name = bot
bots-page-column-engine = motor
bots-page-column-rating = { $pool }
bots-page-column-games = partidas
bots-page-no-card = —
bots-page-no-rating = —
