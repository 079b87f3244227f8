# Said in the shell when the full-screen interface is suspended (Ctrl-Z;
# client-cli/src/tui/suspension.rs). $command is the shell's command.

tui-suspended = mice-cake está suspendido: `{ $command }` lo reanuda (un asiento solo se conserva durante el tiempo de gracia del servidor)
