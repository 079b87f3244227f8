# The player's key file (client-cli/src/identity.rs).

identity-unreadable = { $path } no es un archivo de clave (64 dígitos hexadecimales)
identity-no-random = no hay ninguna fuente aleatoria para crear una clave: { $error }
