# The command line's values refused (client-cli/src/cli.rs).

# $pool is the value typed, in quotes.
cli-unknown-pool = catégorie inconnue { $pool } : les catégories sont standard, boost, face_up, face_up_boost, face_down et face_down_boost, ou any
# $error is what reading the time said.
cli-bad-time = { $error } (une durée comme 30s, ou any)
# $text is the value typed, in quotes.
cli-two-policies = deux stratégies, comme greedy,random — pas { $text }
cli-unknown-policy = stratégie inconnue { $policy } : les stratégies sont random, greedy et strong
