# Arenas over the server's HTTP API (client-cli/src/arenas.rs).

# $error is what the connection said.
arenas-cannot-reach = impossible de joindre { $url } : { $error }
