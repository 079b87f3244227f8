# The command line's values refused (client-cli/src/cli.rs).

# $pool is the value typed, in quotes.
cli-unknown-pool = categoría desconocida { $pool }: las categorías son standard, boost, face_up, face_up_boost, face_down y face_down_boost, o any
# $error is what reading the time said.
cli-bad-time = { $error } (una duración como 30s, o any)
# $text is the value typed, in quotes.
cli-two-policies = dos estrategias, como greedy,random — no { $text }
cli-unknown-policy = estrategia desconocida { $policy }: las estrategias son random, greedy y strong
