# Said in the shell when the full-screen interface is suspended (Ctrl-Z;
# client-cli/src/tui/suspension.rs). $command is the shell's command.

tui-suspended = mice-cake est suspendu : `{ $command }` le reprend (une place n’est gardée que pendant le délai de grâce du serveur)
