# Said in the shell when the full-screen interface is suspended (Ctrl-Z;
# client-cli/src/tui/suspension.rs). $command is the shell's command.

tui-suspended = mice-cake is suspended: `{ $command }` brings it back (a seat is kept only for the server's grace)
