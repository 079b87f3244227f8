# The player's key file (client-cli/src/identity.rs).

identity-unreadable = { $path } is not a key file (64 hexadecimal digits)
identity-no-random = no random source to make a key: { $error }
