# The command line's values refused (client-cli/src/cli.rs). Pools,
# policies (random, greedy, strong) and `any` are typed as they are: never
# translated. (The --help text is English for now.)

# $pool is the value typed, in quotes.
cli-unknown-pool = unknown pool { $pool }: the pools are standard, boost, face_up, face_up_boost, face_down and face_down_boost, or any
# $error is what reading the time said.
cli-bad-time = { $error } (a time such as 30s, or any)
# $text is the value typed, in quotes.
cli-two-policies = two policies, like greedy,random — not { $text }
cli-unknown-policy = unknown policy { $policy }: the policies are random, greedy and strong
