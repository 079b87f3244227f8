# Words the whole full-screen interface shares (client-cli/src/tui/).

# A seat and its move: $seat is the seat's name (Yellow, Blue), $assignment the move as written (A2 C2, D2 steal 6/6).
tui-seat-assignment = { $seat } { $assignment }
# The opponent offers another game: $name is their name, $key the key that accepts.
tui-rematch-offered = { $name } propone la revancha — { $key } para aceptar
