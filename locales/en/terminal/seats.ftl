# The seats kept on disk (client-cli/src/seats.rs). MICE_CAKE_STATE_DIR is
# an environment variable: never translated.

seats-no-directory = no directory to keep seats in: set MICE_CAKE_STATE_DIR
# $detail is what reading the file said.
seats-unreadable = { $path } is not a seats file: { $detail }
