# The seats kept on disk (client-cli/src/seats.rs).

seats-no-directory = aucun répertoire où garder les places : définissez MICE_CAKE_STATE_DIR
# $detail is what reading the file said.
seats-unreadable = { $path } n’est pas un fichier de places : { $detail }
