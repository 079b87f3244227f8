# The seats kept on disk (client-cli/src/seats.rs).

seats-no-directory = no hay ningún directorio donde guardar los asientos: define MICE_CAKE_STATE_DIR
# $detail is what reading the file said.
seats-unreadable = { $path } no es un archivo de asientos: { $detail }
