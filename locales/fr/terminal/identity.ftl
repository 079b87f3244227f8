# The player's key file (client-cli/src/identity.rs).

identity-unreadable = { $path } n’est pas un fichier de clé (64 chiffres hexadécimaux)
identity-no-random = aucune source d’aléa pour créer une clé : { $error }
